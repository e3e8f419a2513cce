import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../lib/api-client';
import { Alert } from '../ui/alert';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { useManagedDock, useManagedDocks } from './manage-api';
import { DockCards, DockManager, LockHistory, NewDockForm } from './manage-parts';

// /app/docks/manage…: an organisation's admin, acting as the organisation, manages its docks (issue 16). The server
// decides who may (403 organisation_admin_required for anyone else); the page says so.

const BASE = '/organisations/docks' as const;
const HOME = '/app/docks/manage';

function NotAdmin() {
  const { t } = useTranslation('docks-manage');
  return (
    <div className="dm-page">
      <PageTitle>{t('org.title')}</PageTitle>
      <Alert tone="warning">{t('org.notAdmin')}</Alert>
      <Link to="/app/docks" className="btn btn-secondary">
        {t('org.toDocks')}
      </Link>
    </div>
  );
}

const refused = (error: unknown) => error instanceof ApiError && error.status === 403;

/** /app/docks/manage: the organisation's docks, and a new one. */
export function ManageDocksPage() {
  const { t } = useTranslation('docks-manage');
  const navigate = useNavigate();
  const docks = useManagedDocks(BASE);
  if (docks.isError && refused(docks.error)) return <NotAdmin />;
  return (
    <div className="dm-page">
      <PageTitle>{t('org.title')}</PageTitle>
      <p className="dm-lead">{t('org.lead')}</p>
      {docks.isPending && <Loading />}
      {docks.isError && <LoadError error={docks.error} onRetry={() => void docks.refetch()} retrying={docks.isFetching} />}
      {docks.data && <DockCards docks={docks.data} linkTo={(id) => `${HOME}/${id}`} showOwner={false} />}
      {docks.data && <NewDockForm base={BASE} onCreated={(id) => navigate(`${HOME}/${id}`)} />}
    </div>
  );
}

/** /app/docks/manage/{dockId}: a dock of the organisation and its locks. */
export function ManageDockPage() {
  const { t } = useTranslation('docks-manage');
  const { dockId = '' } = useParams();
  const dock = useManagedDock(BASE, dockId);
  if (dock.isError && refused(dock.error)) return <NotAdmin />;
  return (
    <div className="dm-page">
      <Link to={HOME} className="dm-back">
        {t('org.back')}
      </Link>
      <PageTitle>{dock.data?.name ?? t('detail.title')}</PageTitle>
      <DockManager base={BASE} dockId={dockId} canChange lockLink={(lockId) => `${HOME}/${dockId}/locks/${lockId}`} showOwner={false} />
    </div>
  );
}

/** /app/docks/manage/{dockId}/locks/{lockId}: a lock's history. */
export function ManageLockPage() {
  const { t } = useTranslation('docks-manage');
  const { dockId = '', lockId = '' } = useParams();
  const dock = useManagedDock(BASE, dockId);
  if (dock.isError && refused(dock.error)) return <NotAdmin />;
  const label = dock.data?.locks.find((l) => l.id === lockId)?.label;
  return (
    <div className="dm-page">
      <Link to={`${HOME}/${dockId}`} className="dm-back">
        {dock.data ? t('detail.back', { name: dock.data.name }) : t('org.back')}
      </Link>
      <PageTitle>{label ? t('history.title', { label }) : t('history.titlePlain')}</PageTitle>
      {dock.isPending ? <Loading /> : <LockHistory base={BASE} dockId={dockId} lockId={lockId} />}
    </div>
  );
}
