import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type {
  addMemberSchema,
  grantCreditsSchema,
  OrganisationDetail,
  OrganisationMember,
  updateOrganisationSchema,
} from '../../domain/backoffice-orgs';
import { PLAN_TYPES } from '../../domain/bikes';
import { ORGANISATION_TYPES } from '../../domain/session';
import { ApiError } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { formatDate } from '../lib/intl';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { SelectField, TextField } from '../ui/field';
import { useZodForm } from '../ui/form';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { AuditTrail } from './audit-log-page';
import { addMember, grantCredits, removeMember, setMemberRole, updateOrganisation, useOrganisation } from './organisations-api';
import { ReadOnlyNote, useCanChange } from './read-only';
import { Forbidden } from './tickets-page';
import './backoffice.css';
import './organisations.css';

/** /backoffice/organisations/{partyId}: an organisation's fields, members and roles, plan and credits, and its history. */
export function OrganisationDetailPage() {
  const { t } = useTranslation('backoffice-orgs');
  const partyId = useParams().partyId ?? '';
  const organisation = useOrganisation(partyId);
  const canChange = useCanChange();

  if (organisation.error instanceof ApiError && organisation.error.status === 403) return <Forbidden />;
  if (organisation.isPending) return <Loading />;
  if (organisation.isError)
    return (
      <div className="backoffice">
        <PageTitle>{t('organisations.title')}</PageTitle>
        <LoadError error={organisation.error} onRetry={() => void organisation.refetch()} retrying={organisation.isFetching} />
      </div>
    );
  const org = organisation.data;
  return (
    <div className="backoffice backoffice-wide">
      <p>
        <Link to="/backoffice/organisations">{t('detail.back')}</Link>
      </p>
      <PageTitle>{org.name}</PageTitle>
      <p className="backoffice-lead">
        {t(`types.${org.organisation_type}`)}
        {org.cvr_number && ` · ${t('detail.cvrIs', { cvr: org.cvr_number })}`}
      </p>
      {!canChange && <ReadOnlyNote />}
      <div className="orgs-columns">
        <EditOrganisation key={org.party_id} org={org} canChange={canChange} />
        <Credits org={org} canChange={canChange} />
      </div>
      <Members org={org} canChange={canChange} />
      <section className="orgs-section" aria-labelledby="org-history">
        <h2 id="org-history">{t('detail.history')}</h2>
        <AuditTrail filter={{ record_type: 'organisation', record_id: org.party_id }} />
      </section>
    </div>
  );
}

const loadUpdateSchema = () => import('../../domain/backoffice-orgs').then((m) => m.updateOrganisationSchema);

function EditOrganisation({ org, canChange }: { org: OrganisationDetail; canChange: boolean }) {
  const { t } = useTranslation('backoffice-orgs');
  const [saved, setSaved] = useState(false);
  const form = useZodForm<typeof updateOrganisationSchema, { name?: string; organisation_type?: string; cvr_number?: unknown }>(
    loadUpdateSchema,
    { defaultValues: { name: org.name, organisation_type: org.organisation_type, cvr_number: org.cvr_number ?? '' } },
  );
  const submit = form.handleSubmit(async (values) => {
    setSaved(false);
    await updateOrganisation(org.party_id, values);
    setSaved(true);
  });
  return (
    <section className="card orgs-section" aria-labelledby="org-edit">
      <h2 id="org-edit">{t('detail.editTitle')}</h2>
      {saved && <Alert tone="success">{t('detail.saved')}</Alert>}
      {form.formError && <Alert>{form.formError}</Alert>}
      <form onSubmit={submit} noValidate>
        <fieldset disabled={!canChange} className="orgs-fieldset">
          <legend className="visually-hidden">{t('detail.editTitle')}</legend>
          <TextField label={t('create.name')} autoComplete="off" {...form.field('name')} />
          <SelectField
            label={t('create.type')}
            options={ORGANISATION_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
            {...form.field('organisation_type')}
          />
          <TextField
            label={t('create.cvr')}
            inputMode="numeric"
            autoComplete="off"
            hint={t('detail.cvrClearHint')}
            {...form.field('cvr_number')}
          />
          <div className="actions">
            <Button type="submit" busy={form.submitting}>
              {t('detail.save')}
            </Button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}

const loadCreditsSchema = () => import('../../domain/backoffice-orgs').then((m) => m.grantCreditsSchema);

function Credits({ org, canChange }: { org: OrganisationDetail; canChange: boolean }) {
  const { t, i18n } = useTranslation('backoffice-orgs');
  const [granted, setGranted] = useState<{ count: number; times: number } | null>(null);
  const { credits } = org;
  const subscription = credits.subscription;
  return (
    <section className="card orgs-section" aria-labelledby="org-credits">
      <h2 id="org-credits">{t('credits.title')}</h2>
      <dl className="orgs-facts">
        <dt>{t('credits.plan')}</dt>
        <dd>{credits.plan_type ? t(`plans.${credits.plan_type}`) : t('credits.noPlan')}</dd>
        <dt>{t('credits.state')}</dt>
        <dd>{credits.active ? t('credits.active') : t('credits.inactive')}</dd>
        <dt>{t('credits.unused')}</dt>
        <dd>{credits.credits}</dd>
        <dt>{t('credits.onBikes')}</dt>
        <dd>{t('credits.usedOfTotal', { used: org.credits_used, total: org.credits_total })}</dd>
        {subscription && (
          <>
            <dt>{t('credits.subscription')}</dt>
            <dd>
              {t('credits.subscriptionBikes', { used: subscription.bikes_used, limit: subscription.bikes_limit })}
              {subscription.current_period_end &&
                ` · ${t('credits.periodEnd', { date: formatDate(subscription.current_period_end, i18n.resolvedLanguage, 'medium') })}`}
              {subscription.cancel_at_period_end && ` · ${t('credits.cancelled')}`}
            </dd>
          </>
        )}
      </dl>
      <h3>{t('credits.grantTitle')}</h3>
      {granted !== null && <Alert tone="success">{t('credits.granted', { count: granted.count })}</Alert>}
      <GrantCreditsForm
        key={granted?.times ?? 0}
        partyId={org.party_id}
        canChange={canChange}
        onGranted={(count) => setGranted((g) => ({ count, times: (g?.times ?? 0) + 1 }))}
      />
    </section>
  );
}

/** Remounted after each grant, so the next starts empty. */
function GrantCreditsForm({ partyId, canChange, onGranted }: { partyId: string; canChange: boolean; onGranted: (count: number) => void }) {
  const { t } = useTranslation('backoffice-orgs');
  const form = useZodForm<typeof grantCreditsSchema, { count: unknown; plan_type?: string; reason: string }>(loadCreditsSchema, {
    defaultValues: { count: '1', plan_type: 'ORGANISATION', reason: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    await grantCredits(partyId, values);
    onGranted(values.count);
  });
  return (
    <>
      {form.formError && <Alert>{form.formError}</Alert>}
      <form onSubmit={submit} noValidate>
        <fieldset disabled={!canChange} className="orgs-fieldset">
          <legend className="visually-hidden">{t('credits.grantTitle')}</legend>
          <div className="orgs-grid">
            <TextField label={t('credits.count')} type="number" min={1} max={1000} inputMode="numeric" {...form.field('count')} />
            <SelectField
              label={t('credits.planType')}
              options={PLAN_TYPES.map((value) => ({ value, label: t(`plans.${value}`) }))}
              {...form.field('plan_type')}
            />
          </div>
          <TextField label={t('credits.reason')} autoComplete="off" hint={t('credits.reasonHint')} {...form.field('reason')} />
          <div className="actions">
            <Button type="submit" busy={form.submitting}>
              {t('credits.grant')}
            </Button>
          </div>
        </fieldset>
      </form>
    </>
  );
}

const loadAddSchema = () => import('../../domain/backoffice-orgs').then((m) => m.addMemberSchema);
type AddValues = { email: string; role?: string };

function Members({ org, canChange }: { org: OrganisationDetail; canChange: boolean }) {
  const { t, i18n } = useTranslation('backoffice-orgs');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<OrganisationMember | null>(null);
  const [added, setAdded] = useState(0);

  const act = async (memberPartyId: string, action: () => Promise<unknown>) => {
    setBusy(memberPartyId);
    setError(null);
    try {
      await action();
      return true;
    } catch (err) {
      const outcome = readApiError(err, t);
      setError(outcome.kind === 'message' ? outcome.text : t('errors:server_error'));
      return false;
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="card orgs-section" aria-labelledby="org-members">
      <h2 id="org-members">{t('members.title')}</h2>
      <p className="muted">{t('members.lead')}</p>
      {error && <Alert>{error}</Alert>}
      <div className="orgs-table-wrap">
        <table className="orgs-table">
          <thead>
            <tr>
              <th scope="col">{t('members.email')}</th>
              <th scope="col">{t('members.name')}</th>
              <th scope="col">{t('members.role')}</th>
              <th scope="col">{t('members.added')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('members.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {org.members_list.map((member) => (
              <tr key={member.party_id}>
                <td>
                  <Link to={`/backoffice/identities/${member.party_id}`}>{member.email}</Link>
                </td>
                <td>{member.name ?? '—'}</td>
                <td>
                  <select
                    aria-label={t('members.roleOf', { email: member.email })}
                    value={member.role}
                    disabled={!canChange || busy !== null}
                    onChange={(e) => {
                      const role = e.target.value === 'admin' ? 'admin' : 'member';
                      void act(member.party_id, () => setMemberRole(org.party_id, member.party_id, role));
                    }}
                  >
                    <option value="admin">{t('memberRoles.admin')}</option>
                    <option value="member">{t('memberRoles.member')}</option>
                  </select>
                </td>
                <td>{formatDate(member.added_at, i18n.resolvedLanguage, 'medium')}</td>
                <td>
                  <Button
                    variant="secondary"
                    className="btn-small"
                    disabled={!canChange || busy !== null}
                    busy={busy === member.party_id}
                    aria-label={t('members.removeWho', { email: member.email })}
                    onClick={() => setRemoving(member)}
                  >
                    {t('members.remove')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>{t('members.addTitle')}</h3>
      <AddMemberForm
        key={added}
        partyId={org.party_id}
        canChange={canChange}
        onAdded={() => {
          setError(null);
          setAdded((n) => n + 1);
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('members.confirmTitle')}
        confirmLabel={t('members.remove')}
        cancelLabel={t('members.cancel')}
        busy={busy !== null}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const member = removing;
          if (!member) return;
          void act(member.party_id, () => removeMember(org.party_id, member.party_id)).then(() => setRemoving(null));
        }}
      >
        <p>{t('members.confirmBody', { email: removing?.email ?? '', name: org.name })}</p>
      </ConfirmDialog>
    </section>
  );
}

/** Remounted after each member added, so the next starts empty. */
function AddMemberForm({ partyId, canChange, onAdded }: { partyId: string; canChange: boolean; onAdded: () => void }) {
  const { t } = useTranslation('backoffice-orgs');
  const form = useZodForm<typeof addMemberSchema, AddValues>(loadAddSchema, {
    defaultValues: { email: '', role: 'member' },
  });
  const submit = form.handleSubmit(async (values) => {
    await addMember(partyId, values);
    onAdded();
  });
  return (
    <>
      {form.formError && <Alert>{form.formError}</Alert>}
      <form onSubmit={submit} noValidate>
        <fieldset disabled={!canChange} className="orgs-fieldset orgs-grid">
          <legend className="visually-hidden">{t('members.addTitle')}</legend>
          <TextField label={t('members.email')} type="email" autoComplete="off" {...form.field('email')} />
          <SelectField
            label={t('members.role')}
            options={[
              { value: 'member', label: t('memberRoles.member') },
              { value: 'admin', label: t('memberRoles.admin') },
            ]}
            {...form.field('role')}
          />
          <div className="actions">
            <Button type="submit" busy={form.submitting}>
              {t('members.add')}
            </Button>
          </div>
        </fieldset>
      </form>
    </>
  );
}
