import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DockSummary } from '../../domain/docks';
import { useSession } from '../lib/session-store';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { AlarmOffers } from './alarm-offer';
import { useDocks } from './docks-api';
import './docks.css';

/** /app/docks: the docks the user may use (their workplace's, a public station), each with its free locks. */
export function DocksPage() {
  const { t } = useTranslation('docks');
  const session = useSession();
  const docks = useDocks();
  const actingAsOrganisation = session?.organisation_type != null;
  return (
    <div className="docks-page">
      <PageTitle>{t('list.title')}</PageTitle>
      <p className="docks-lead">{t('list.lead')}</p>
      {actingAsOrganisation && (
        <div className="card docks-manage">
          <h2>{t('list.manageTitle')}</h2>
          <p>{t('list.manageBody')}</p>
          <Link to="/app/docks/manage" className="btn btn-primary">
            {t('list.manage')}
          </Link>
        </div>
      )}
      <AlarmOffers />
      {docks.isPending ? (
        <Loading />
      ) : docks.isError ? (
        <LoadError error={docks.error} onRetry={() => void docks.refetch()} retrying={docks.isFetching} />
      ) : docks.data.length === 0 ? (
        <div className="card empty-state">
          <h2>{t('list.emptyTitle')}</h2>
          <p>{t('list.emptyBody')}</p>
        </div>
      ) : (
        <ul className="dock-list" aria-label={t('list.label', { count: docks.data.length })}>
          {docks.data.map((dock) => (
            <DockCard key={dock.id} dock={dock} />
          ))}
        </ul>
      )}
    </div>
  );
}

function DockCard({ dock }: { dock: DockSummary }) {
  const { t } = useTranslation('docks');
  const map = `https://www.openstreetmap.org/?mlat=${dock.latitude}&mlon=${dock.longitude}#map=18/${dock.latitude}/${dock.longitude}`;
  return (
    <li className="card dock-card">
      <h2 className="dock-card-name">
        <Link to={`/app/docks/${encodeURIComponent(dock.id)}/locks`}>{dock.name}</Link>
      </h2>
      <p className="dock-card-address">{dock.address}</p>
      <p className="dock-card-owner">{t(`list.access.${dock.access}`, { organisation: dock.organisation_name })}</p>
      <p className="dock-card-free">
        <strong>{t('list.free', { free: dock.free_count, count: dock.lock_count })}</strong>
      </p>
      <p className="dock-card-links">
        <Link to={`/app/docks/${encodeURIComponent(dock.id)}/locks`}>{t('list.openLocks')}</Link>
        {' · '}
        <a href={map} rel="noopener noreferrer" target="_blank">
          {t('list.map')}
        </a>
      </p>
    </li>
  );
}
