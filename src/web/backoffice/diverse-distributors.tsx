import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DISTRIBUTOR_OFFERS, type Distributor, distributorInputSchema } from '../../domain/distributors';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { CheckboxField, SelectField, TextField } from '../ui/field';
import { useZodForm } from '../ui/form';
import { LoadError } from '../ui/load-error';
import { Loading } from '../ui/spinner';
import { removeDistributor, saveDistributor, useBackofficeDistributors } from './distributors-api';
import { Pager } from './organisations-parts';
import { ReadOnlyNote, useCanChange } from './read-only';

// The backoffice loads zod anyway; the schema comes with the offers' list from the same module.
const loadSchema = async () => distributorInputSchema;
type Values = {
  name: string;
  street: string;
  postcode: string;
  city: string;
  region: string;
  latitude: unknown;
  longitude: unknown;
  phone: unknown;
  website: unknown;
  offers: string[];
};
const EMPTY: Values = {
  name: '',
  street: '',
  postcode: '',
  city: '',
  region: 'dk',
  latitude: '',
  longitude: '',
  phone: '',
  website: '',
  offers: ['plates'],
};

/** The distributors of /find-distributor (issue 15): find one, add, change or remove it (each change audited on the server). */
export function DistributorsSection() {
  const { t } = useTranslation('backoffice-public');
  const canChange = useCanChange();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const list = useBackofficeDistributors(q, offset);
  // The distributor being changed (its form replaces the "add" form), or null to add one.
  const [editing, setEditing] = useState<Distributor | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [removing, setRemoving] = useState<Distributor | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setOffset(0);
    setQ(typed.trim());
  };
  const startEdit = (d: Distributor) => {
    setEditing(d);
    setNotice(null);
    setFormKey((k) => k + 1);
  };
  const saved = (d: Distributor) => {
    setNotice(t(editing ? 'distributors.updated' : 'distributors.added', { name: d.name }));
    setEditing(null);
    setFormKey((k) => k + 1);
  };
  const confirmRemove = async () => {
    if (!removing) return;
    setRemoveBusy(true);
    setRemoveError(null);
    try {
      await removeDistributor(removing.id);
      setNotice(t('distributors.removed', { name: removing.name }));
      if (editing?.id === removing.id) setEditing(null);
      setRemoving(null);
    } catch (err) {
      const outcome = readApiError(err, t);
      setRemoveError(outcome.kind === 'message' ? outcome.text : t('errors:server_error'));
    } finally {
      setRemoveBusy(false);
    }
  };

  return (
    <section id="distributors" className="card orgs-section" aria-labelledby="distributors-title">
      <h2 id="distributors-title">{t('distributors.title')}</h2>
      <p className="muted">{t('distributors.lead')}</p>
      {!canChange && <ReadOnlyNote />}
      <div aria-live="polite">{notice && <Alert tone="success">{notice}</Alert>}</div>

      <search>
        <form className="orgs-grid" onSubmit={search}>
          <TextField label={t('distributors.search')} name="distributor-q" value={typed} onChange={(e) => setTyped(e.target.value)} />
          <div className="actions">
            <Button type="submit" variant="secondary">
              {t('distributors.searchButton')}
            </Button>
          </div>
        </form>
      </search>
      {list.isPending && <Loading />}
      {list.isError && <LoadError error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />}
      {list.data &&
        (list.data.items.length === 0 ? (
          <p>{t('distributors.none')}</p>
        ) : (
          <div className="orgs-table-wrap">
            <table className="orgs-table">
              <thead>
                <tr>
                  <th scope="col">{t('distributors.name')}</th>
                  <th scope="col">{t('distributors.address')}</th>
                  <th scope="col">{t('distributors.offers')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('distributors.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((d) => (
                  <tr key={d.id} aria-current={editing?.id === d.id ? 'true' : undefined}>
                    <td>{d.name}</td>
                    <td>
                      {d.street}, {d.postcode} {d.city} ({d.region.toUpperCase()})
                    </td>
                    <td>{d.offers.map((o) => t(`offers.${o}`)).join(', ')}</td>
                    <td className="distributor-actions">
                      <Button variant="secondary" className="btn-small" disabled={!canChange} onClick={() => startEdit(d)}>
                        {t('distributors.edit')}
                        <span className="visually-hidden"> {d.name}</span>
                      </Button>
                      <Button variant="danger" className="btn-small" disabled={!canChange} onClick={() => setRemoving(d)}>
                        {t('distributors.remove')}
                        <span className="visually-hidden"> {d.name}</span>
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      {list.data && <Pager offset={list.data.offset} pageSize={list.data.page_size} total={list.data.total} onOffset={setOffset} />}

      <DistributorForm
        key={formKey}
        distributor={editing}
        canChange={canChange}
        onSaved={saved}
        onCancel={() => {
          setEditing(null);
          setFormKey((k) => k + 1);
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('distributors.removeTitle')}
        confirmLabel={t('distributors.remove')}
        cancelLabel={t('distributors.cancel')}
        onConfirm={() => void confirmRemove()}
        onCancel={() => {
          setRemoving(null);
          setRemoveError(null);
        }}
        busy={removeBusy}
      >
        <p>{t('distributors.removeQuestion', { name: removing?.name ?? '' })}</p>
        {removeError && <Alert>{removeError}</Alert>}
      </ConfirmDialog>
    </section>
  );
}

function DistributorForm({
  distributor,
  canChange,
  onSaved,
  onCancel,
}: {
  distributor: Distributor | null;
  canChange: boolean;
  onSaved: (d: Distributor) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('backoffice-public');
  const form = useZodForm<typeof distributorInputSchema, Values>(loadSchema, {
    defaultValues: distributor
      ? {
          ...distributor,
          latitude: String(distributor.latitude),
          longitude: String(distributor.longitude),
          phone: distributor.phone ?? '',
          website: distributor.website ?? '',
        }
      : EMPTY,
  });
  const submit = form.handleSubmit(async (values) => onSaved(await saveDistributor(distributor?.id ?? null, values)));
  const offers = form.values.offers;
  const title = distributor ? t('distributors.editTitle', { name: distributor.name }) : t('distributors.addTitle');
  return (
    <>
      <h3 id="distributor-form-title">{title}</h3>
      {form.formError && <Alert>{form.formError}</Alert>}
      <form onSubmit={submit} noValidate aria-labelledby="distributor-form-title">
        <fieldset disabled={!canChange} className="orgs-fieldset">
          <legend className="visually-hidden">{title}</legend>
          <div className="orgs-grid">
            <TextField label={t('distributors.name')} autoComplete="off" {...form.field('name')} />
            <TextField label={t('distributors.street')} autoComplete="off" {...form.field('street')} />
            <TextField
              label={t('distributors.postcode')}
              inputMode="numeric"
              maxLength={4}
              autoComplete="off"
              {...form.field('postcode')}
            />
            <TextField label={t('distributors.city')} autoComplete="off" {...form.field('city')} />
            <SelectField
              label={t('distributors.region')}
              options={[
                { value: 'dk', label: t('regions.dk') },
                { value: 'no', label: t('regions.no') },
              ]}
              {...form.field('region')}
            />
            <TextField
              label={t('distributors.latitude')}
              inputMode="decimal"
              hint={t('distributors.coordinatesHint')}
              {...form.field('latitude')}
            />
            <TextField label={t('distributors.longitude')} inputMode="decimal" {...form.field('longitude')} />
            <TextField label={t('distributors.phone')} type="tel" autoComplete="off" {...form.field('phone')} />
            <TextField label={t('distributors.website')} type="url" autoComplete="off" placeholder="https://" {...form.field('website')} />
          </div>
          <fieldset className="distributor-offers-field">
            <legend>{t('distributors.offers')}</legend>
            {DISTRIBUTOR_OFFERS.map((offer) => (
              <CheckboxField
                key={offer}
                label={t(`offers.${offer}`)}
                checked={offers.includes(offer)}
                onChange={(e) => form.setValue('offers', e.target.checked ? [...offers, offer] : offers.filter((o) => o !== offer))}
              />
            ))}
            {form.errors.offers && <p className="field-error">{form.errors.offers}</p>}
          </fieldset>
          <div className="actions">
            <Button type="submit" busy={form.submitting}>
              {distributor ? t('distributors.save') : t('distributors.add')}
            </Button>
            {distributor && (
              <Button variant="secondary" onClick={onCancel}>
                {t('distributors.cancel')}
              </Button>
            )}
          </div>
        </fieldset>
      </form>
    </>
  );
}
