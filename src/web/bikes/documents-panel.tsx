import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BikeDetail, type BikeDocument, DOCUMENT_KINDS, type DocumentKind, UPLOAD_MAX_BYTES } from '../../domain/bikes';
import { readApiError } from '../lib/errors';
import { formatDate } from '../lib/intl';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { SelectField } from '../ui/field';
import { useDeleteDocument, useUploadDocument } from './bike-files-api';
import { formatSize } from './bike-format';
import { FilePicker } from './file-picker';

export const DOCUMENT_ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp,image/heic,image/heif';

/** The documents tab: receipts, forms, lock certificates and others, of the bike and its equipment. */
export function DocumentsPanel({ bike }: { bike: BikeDetail }) {
  const { t } = useTranslation(['bike', 'bike-terms']);
  const equipmentName = (id: string | null) => {
    const item = bike.equipment.find((e) => e.id === id);
    return item ? item.product_name || t(`bike-terms:equipment.${item.item_type_memo}`) : null;
  };
  return (
    <div className="bike-panel">
      <h2>{t('documents.title')}</h2>
      <p className="muted">{t('documents.lead')}</p>
      <DocumentUpload bikeId={bike.id} />
      {bike.documents.length === 0 ? (
        <p className="bike-empty">{t('documents.empty')}</p>
      ) : (
        <DocumentList bikeId={bike.id} documents={bike.documents} equipmentName={equipmentName} />
      )}
    </div>
  );
}

export function DocumentList({
  bikeId,
  documents,
  equipmentName,
}: {
  bikeId: string;
  documents: BikeDocument[];
  equipmentName?: (id: string | null) => string | null;
}) {
  const { t, i18n } = useTranslation(['bike', 'bike-terms']);
  const remove = useDeleteDocument(bikeId);
  const [asking, setAsking] = useState<BikeDocument | null>(null);
  const failure = remove.isError ? readApiError(remove.error, t) : null;
  return (
    <>
      {failure?.kind === 'message' && <Alert>{failure.text}</Alert>}
      {remove.isSuccess && <Alert tone="success">{t('documents.deleted')}</Alert>}
      <ul className="bike-document-list">
        {documents.map((doc) => {
          const on = equipmentName?.(doc.equipment_id);
          return (
            <li key={doc.id} className="bike-document">
              <div className="bike-document-text">
                <strong>{t(`bike-terms:document.${doc.kind}`)}</strong>
                <span className="bike-document-name">{doc.file_name}</span>
                <span className="muted">
                  {[formatSize(doc.size), formatDate(doc.created_on, i18n.language), on ? t('documents.forEquipment', { name: on }) : '']
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </div>
              <div className="bike-document-actions">
                <a href={doc.url} download={doc.file_name} className="btn btn-secondary btn-small">
                  {t('documents.download')}
                  <span className="visually-hidden"> {doc.file_name}</span>
                </a>
                <Button variant="link" onClick={() => setAsking(doc)} aria-label={t('documents.deleteNamed', { name: doc.file_name })}>
                  {t('documents.delete')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        title={t('documents.deleteTitle')}
        confirmLabel={t('documents.deleteConfirm')}
        cancelLabel={t('documents.cancel')}
        busy={remove.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && remove.mutate(asking.id, { onSettled: () => setAsking(null) })}
      >
        <p>{t('documents.deleteBody', { name: asking?.file_name ?? '' })}</p>
      </ConfirmDialog>
    </>
  );
}

/** Choose the kind, then the file: it is sent at once. */
export function DocumentUpload({
  bikeId,
  equipmentId,
  defaultKind = 'receipt',
  idSuffix = '',
}: {
  bikeId: string;
  equipmentId?: string;
  defaultKind?: DocumentKind;
  idSuffix?: string;
}) {
  const { t } = useTranslation(['bike', 'bike-terms']);
  const upload = useUploadDocument(bikeId);
  const [kind, setKind] = useState<DocumentKind>(defaultKind);
  const [tooLarge, setTooLarge] = useState(false);
  const [uploaded, setUploaded] = useState<string | null>(null);
  const failure = upload.isError ? readApiError(upload.error, t) : null;

  const send = (file: File) => {
    setUploaded(null);
    upload.reset();
    if (file.size > UPLOAD_MAX_BYTES) {
      setTooLarge(true);
      return;
    }
    setTooLarge(false);
    upload.mutate({ kind, file, equipmentId }, { onSuccess: (doc) => setUploaded(doc.file_name) });
  };

  return (
    <div className="bike-upload-row">
      <SelectField
        id={`document-kind${idSuffix}`}
        label={t('documents.kind')}
        value={kind}
        onChange={(e) => setKind(e.target.value as DocumentKind)}
        options={DOCUMENT_KINDS.map((k) => ({ value: k, label: t(`bike-terms:document.${k}`) }))}
      />
      <div className="bike-upload-button">
        <FilePicker
          label={upload.isPending ? t('documents.uploading') : t('documents.upload')}
          ariaLabel={t('documents.uploadNamed', { kind: t(`bike-terms:document.${kind}`) })}
          accept={DOCUMENT_ACCEPT}
          onFile={send}
          busy={upload.isPending}
        />
        <p className="field-hint">{t('documents.uploadHint')}</p>
      </div>
      <div className="bike-upload-status" aria-live="polite">
        {tooLarge && <Alert>{t('errors:file_too_large')}</Alert>}
        {failure?.kind === 'message' && <Alert>{failure.text}</Alert>}
        {uploaded && <Alert tone="success">{t('documents.uploaded', { name: uploaded })}</Alert>}
      </div>
    </div>
  );
}
