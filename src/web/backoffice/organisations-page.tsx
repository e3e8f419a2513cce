import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { createBackofficeOrganisationSchema } from '../../domain/backoffice-orgs';
import { ORGANISATION_TYPES } from '../../domain/session';
import { ApiError } from '../lib/api-client';
import { formatDate } from '../lib/intl';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { SelectField, TextField } from '../ui/field';
import { clearDraft, useZodForm } from '../ui/form';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { createOrganisation, useOrganisations } from './organisations-api';
import { Pager } from './organisations-parts';
import { ReadOnlyNote, useCanChange } from './read-only';
import { Forbidden } from './tickets-page';
import './backoffice.css';
import './organisations.css';

type OrganisationType = (typeof ORGANISATION_TYPES)[number];
const isType = (value: string | null): value is OrganisationType => (ORGANISATION_TYPES as readonly string[]).includes(value ?? '');

/** /backoffice/organisations: find organisations (by name or CVR number, by type; paged on the server) and create one. */
export function OrganisationsPage() {
  const { t, i18n } = useTranslation('backoffice-orgs');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const typeParam = params.get('type');
  const type = isType(typeParam) ? typeParam : '';
  const offset = Math.max(0, Number.parseInt(params.get('offset') ?? '0', 10) || 0);
  const [typed, setTyped] = useState(q);
  const [typedType, setTypedType] = useState<string>(type);
  const list = useOrganisations({ q, type, offset });
  const canChange = useCanChange();

  const search = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (typed.trim()) next.q = typed.trim();
    if (typedType) next.type = typedType;
    setParams(next, { replace: true });
  };
  const toOffset = (value: number) => {
    const next = new URLSearchParams(params);
    if (value > 0) next.set('offset', String(value));
    else next.delete('offset');
    setParams(next);
  };

  if (list.error instanceof ApiError && list.error.status === 403) return <Forbidden />;
  const typeOptions = ORGANISATION_TYPES.map((value) => ({ value, label: t(`types.${value}`) }));

  return (
    <div className="backoffice backoffice-wide">
      <PageTitle>{t('organisations.title')}</PageTitle>
      <p className="backoffice-lead">{t('organisations.lead')}</p>
      <search>
        <form className="card backoffice-search" onSubmit={search}>
          <TextField
            label={t('organisations.searchLabel')}
            type="search"
            name="q"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
          />
          <SelectField
            label={t('organisations.typeLabel')}
            name="type"
            value={typedType}
            onChange={(e) => setTypedType(e.target.value)}
            options={typeOptions}
            placeholder={t('organisations.allTypes')}
          />
          <Button type="submit">{t('organisations.search')}</Button>
        </form>
      </search>
      {list.isPending && <Loading />}
      {list.isError && <LoadError error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />}
      {list.data && (
        <section aria-labelledby="orgs-results">
          <h2 id="orgs-results">{t('organisations.results', { count: list.data.total })}</h2>
          {list.data.items.length === 0 ? (
            <p>{t('organisations.none')}</p>
          ) : (
            <div className="orgs-table-wrap">
              <table className="orgs-table">
                <thead>
                  <tr>
                    <th scope="col">{t('organisations.name')}</th>
                    <th scope="col">{t('organisations.type')}</th>
                    <th scope="col">{t('organisations.cvr')}</th>
                    <th scope="col">{t('organisations.members')}</th>
                    <th scope="col">{t('organisations.created')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.items.map((org) => (
                    <tr key={org.party_id}>
                      <td>
                        <Link to={`/backoffice/organisations/${org.party_id}`}>{org.name}</Link>
                      </td>
                      <td>{t(`types.${org.organisation_type}`)}</td>
                      <td>{org.cvr_number ?? '—'}</td>
                      <td>{org.members}</td>
                      <td>{formatDate(org.created_at, i18n.resolvedLanguage, 'medium')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager offset={list.data.offset} pageSize={list.data.page_size} total={list.data.total} onOffset={toOffset} />
        </section>
      )}
      <CreateOrganisation canChange={canChange} />
    </div>
  );
}

const loadCreateSchema = () => import('../../domain/backoffice-orgs').then((m) => m.createBackofficeOrganisationSchema);
type CreateValues = { name: string; organisation_type: string; cvr_number?: unknown; admin_email: string };

function CreateOrganisation({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation('backoffice-orgs');
  const navigate = useNavigate();
  const form = useZodForm<typeof createBackofficeOrganisationSchema, CreateValues>(loadCreateSchema, {
    defaultValues: { name: '', organisation_type: 'business', cvr_number: '', admin_email: '' },
    draftKey: 'backoffice-create-organisation',
  });
  const submit = form.handleSubmit(async (values) => {
    const created = await createOrganisation(values);
    clearDraft('backoffice-create-organisation');
    navigate(`/backoffice/organisations/${created.party_id}`);
  });
  return (
    <section className="card orgs-section" aria-labelledby="orgs-create">
      <h2 id="orgs-create">{t('create.title')}</h2>
      {!canChange && <ReadOnlyNote />}
      <p className="muted">{t('create.lead')}</p>
      {form.formError && <Alert>{form.formError}</Alert>}
      <form onSubmit={submit} noValidate>
        <fieldset disabled={!canChange} className="orgs-fieldset orgs-grid">
          <legend className="visually-hidden">{t('create.title')}</legend>
          <TextField label={t('create.name')} autoComplete="off" required {...form.field('name')} />
          <SelectField
            label={t('create.type')}
            options={ORGANISATION_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
            {...form.field('organisation_type')}
          />
          <TextField
            label={t('create.cvr')}
            inputMode="numeric"
            autoComplete="off"
            hint={t('create.cvrHint')}
            {...form.field('cvr_number')}
          />
          <TextField
            label={t('create.adminEmail')}
            type="email"
            autoComplete="off"
            required
            hint={t('create.adminEmailHint')}
            {...form.field('admin_email')}
          />
          <div className="actions">
            <Button type="submit" busy={form.submitting}>
              {t('create.submit')}
            </Button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}
