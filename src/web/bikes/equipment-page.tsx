import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BikeDetail, EQUIPMENT_TYPES, type Equipment, type EquipmentType } from '../../domain/bikes';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { PageTitle } from '../ui/page';
import { BackToBike, BikeGate } from './bike-gate';
import { bikeName } from './bike-terms';
import { DocumentList, DocumentUpload } from './documents-panel';
import { useDeleteEquipment } from './equipment-api';
import { EquipmentForm } from './equipment-form';
import { EquipmentFacts, useEquipmentName } from './equipment-summary';
import './bike.css';

/** /app/my-bikes/{bikeId}/edit/equipment: add, change and delete batteries, locks and accessories, with their documents. */
export function EquipmentEditPage() {
  return <BikeGate>{(bike) => <EquipmentEditor bike={bike} />}</BikeGate>;
}

function EquipmentEditor({ bike }: { bike: BikeDetail }) {
  const { t } = useTranslation(['bike', 'bike-terms']);
  const nameOf = useEquipmentName();
  const remove = useDeleteEquipment(bike.id);
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState<EquipmentType | null>(null);
  const [asking, setAsking] = useState<Equipment | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const deleteFailure = remove.isError ? readApiError(remove.error, t) : null;
  const title = t('equipment.pageTitle', { name: bikeName(bike, t) });

  const saved = (item: Equipment, isNew: boolean) => {
    setAdding(null);
    // A new item stays open, so its documents (a lock certificate, a receipt) can be added at once.
    setEditing(isNew ? item.id : null);
    setNotice(isNew ? t('equipment.created', { name: nameOf(item) }) : t('equipment.saved', { name: nameOf(item) }));
  };

  return (
    <div className="bike-page">
      <BackToBike bikeId={bike.id} tab="equipment" />
      <PageTitle title={title}>{title}</PageTitle>
      <p className="muted">{t('equipment.pageLead')}</p>
      <div aria-live="polite">
        {notice && <Alert tone="success">{notice}</Alert>}
        {deleteFailure?.kind === 'message' && <Alert>{deleteFailure.text}</Alert>}
      </div>

      {bike.equipment.length === 0 && !adding && <p className="bike-empty">{t('equipment.empty')}</p>}
      <ul className="bike-card-list">
        {bike.equipment.map((item) => {
          const headingId = `equipment-${item.id}-title`;
          return (
            <li key={item.id}>
              <section className="card bike-item-card" aria-labelledby={headingId}>
                <h2 id={headingId}>{nameOf(item)}</h2>
                {editing === item.id ? (
                  <>
                    <EquipmentForm
                      key={item.id}
                      bike={bike}
                      type={item.item_type_memo}
                      item={item}
                      onSaved={(s) => saved(s, false)}
                      onCancel={() => setEditing(null)}
                    />
                    <h3>{t('equipment.documentsTitle')}</h3>
                    {item.documents.length === 0 ? (
                      <p className="bike-empty-small">{t('equipment.noDocuments')}</p>
                    ) : (
                      <DocumentList bikeId={bike.id} documents={item.documents} />
                    )}
                    <DocumentUpload
                      bikeId={bike.id}
                      equipmentId={item.id}
                      idSuffix={`-${item.id}`}
                      defaultKind={item.item_type_memo === 'lock' ? 'lock_certificate' : 'receipt'}
                    />
                  </>
                ) : (
                  <>
                    <EquipmentFacts item={item} />
                    <div className="actions">
                      <Button
                        variant="secondary"
                        className="btn-small"
                        onClick={() => {
                          setNotice(null);
                          setAdding(null);
                          setEditing(item.id);
                        }}
                        aria-label={t('equipment.editNamed', { name: nameOf(item) })}
                      >
                        {t('equipment.edit')}
                      </Button>
                      <Button
                        variant="link"
                        onClick={() => setAsking(item)}
                        aria-label={t('equipment.deleteNamed', { name: nameOf(item) })}
                      >
                        {t('equipment.delete')}
                      </Button>
                    </div>
                  </>
                )}
              </section>
            </li>
          );
        })}
      </ul>

      <section className="card bike-add-equipment" aria-labelledby="equipment-add-title">
        <h2 id="equipment-add-title">{t('equipment.addTitle')}</h2>
        {adding ? (
          <EquipmentForm key={`new-${adding}`} bike={bike} type={adding} onSaved={(s) => saved(s, true)} onCancel={() => setAdding(null)} />
        ) : (
          <>
            <p className="muted">{t('equipment.addLead')}</p>
            <div className="actions">
              {EQUIPMENT_TYPES.map((type) => (
                <Button
                  key={type}
                  variant="secondary"
                  onClick={() => {
                    setNotice(null);
                    setEditing(null);
                    setAdding(type);
                  }}
                >
                  {t(`equipment.addType.${type}`)}
                </Button>
              ))}
            </div>
          </>
        )}
      </section>

      <ConfirmDialog
        open={asking !== null}
        title={t('equipment.deleteTitle', { name: asking ? nameOf(asking) : '' })}
        confirmLabel={t('equipment.deleteConfirm')}
        cancelLabel={t('equipment.cancel')}
        busy={remove.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() =>
          asking &&
          remove.mutate(asking.id, {
            onSuccess: () => setNotice(t('equipment.deleted', { name: nameOf(asking) })),
            onSettled: () => setAsking(null),
          })
        }
      >
        <p>{t('equipment.deleteBody')}</p>
      </ConfirmDialog>
    </div>
  );
}
