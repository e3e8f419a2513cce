import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useManagedDock, useManagedDocks } from '../docks/manage-api';
import { DockCards, DockManager, LockHistory, NewDockForm } from '../docks/manage-parts';
import { ApiError } from '../lib/api-client';
import { SelectField, TextField } from '../ui/field';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { useOrganisations } from './organisations-api';
import { ReadOnlyNote, useCanChange } from './read-only';
import { Forbidden } from './tickets-page';
import './backoffice.css';

// /backoffice/docks… (issue 16): staff create docks for organisations and manage their locks; the revisor reads.

const BASE = '/backoffice/docks' as const;
const HOME = '/backoffice/docks';

/** /backoffice/docks: every dock, and a new one for an organisation. */
export function BackofficeDocksPage() {
  const { t } = useTranslation('docks-manage');
  const navigate = useNavigate();
  const canChange = useCanChange();
  const docks = useManagedDocks(BASE);
  if (docks.isError && docks.error instanceof ApiError && docks.error.status === 403) return <Forbidden />;
  return (
    <div className="backoffice backoffice-wide dm-page">
      <PageTitle>{t('backoffice.title')}</PageTitle>
      <p className="backoffice-lead">{t('backoffice.lead')}</p>
      {!canChange && <ReadOnlyNote />}
      {docks.isPending && <Loading />}
      {docks.isError && <LoadError error={docks.error} onRetry={() => void docks.refetch()} retrying={docks.isFetching} />}
      {docks.data && <DockCards docks={docks.data} linkTo={(id) => `${HOME}/${id}`} showOwner />}
      {canChange && (
        <NewDockForm base={BASE} ownerField={(props) => <OwnerPicker {...props} />} onCreated={(id) => navigate(`${HOME}/${id}`)} />
      )}
    </div>
  );
}

/** The owning organisation: found by part of its name or its CVR number, then chosen. */
function OwnerPicker({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  const { t } = useTranslation('docks-manage');
  const [q, setQ] = useState('');
  const found = useOrganisations({ q: q.trim(), type: '', offset: 0 });
  const options = (found.data?.items ?? []).map((o) => ({ value: o.party_id, label: o.name }));
  return (
    <div className="dm-grid">
      <TextField
        label={t('form.ownerSearch')}
        type="search"
        name="owner_q"
        autoComplete="off"
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      <SelectField
        label={t('form.owner')}
        name="owner_party_id"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        options={options}
        placeholder={found.isPending ? t('form.ownerLoading') : t('form.ownerChoose')}
        error={error}
        required
      />
    </div>
  );
}

/** /backoffice/docks/{dockId}: a dock and its locks. */
export function BackofficeDockPage() {
  const { t } = useTranslation('docks-manage');
  const { dockId = '' } = useParams();
  const canChange = useCanChange();
  const dock = useManagedDock(BASE, dockId);
  if (dock.isError && dock.error instanceof ApiError && dock.error.status === 403) return <Forbidden />;
  return (
    <div className="backoffice backoffice-wide dm-page">
      <Link to={HOME} className="dm-back">
        {t('backoffice.back')}
      </Link>
      <PageTitle>{dock.data?.name ?? t('detail.title')}</PageTitle>
      {!canChange && <ReadOnlyNote />}
      <DockManager base={BASE} dockId={dockId} canChange={canChange} lockLink={(lockId) => `${HOME}/${dockId}/locks/${lockId}`} showOwner />
    </div>
  );
}

/** /backoffice/docks/{dockId}/locks/{lockId}: a lock's history and commands. */
export function BackofficeLockPage() {
  const { t } = useTranslation('docks-manage');
  const { dockId = '', lockId = '' } = useParams();
  const dock = useManagedDock(BASE, dockId);
  if (dock.isError && dock.error instanceof ApiError && dock.error.status === 403) return <Forbidden />;
  const label = dock.data?.locks.find((l) => l.id === lockId)?.label;
  return (
    <div className="backoffice backoffice-wide dm-page">
      <Link to={`${HOME}/${dockId}`} className="dm-back">
        {dock.data ? t('detail.back', { name: dock.data.name }) : t('backoffice.back')}
      </Link>
      <PageTitle>{label ? t('history.title', { label }) : t('history.titlePlain')}</PageTitle>
      {dock.isPending ? <Loading /> : <LockHistory base={BASE} dockId={dockId} lockId={lockId} />}
    </div>
  );
}
