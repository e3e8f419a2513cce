import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { LockView } from '../../domain/docks';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { AlarmOffers } from './alarm-offer';
import { useDockLive } from './dock-live';
import { BackToDocks, DockLoadFailed } from './dock-missing';
import { useDock } from './docks-api';
import { LastReported, LiveIndicator, LockStateBadge, useNow } from './lock-state';
import './docks.css';

/** /app/docks/{dockId}/locks: every lock of the dock and its state, live over the dock's channel. */
export function LocksPage() {
  const { t } = useTranslation('docks');
  const dockId = useParams().dockId ?? '';
  const dock = useDock(dockId);
  const live = useDockLive(dockId, `/api/docks/${encodeURIComponent(dockId)}/live`, dock.isSuccess);
  const now = useNow();
  if (dock.isPending) return <Loading />;
  if (dock.isError) {
    return (
      <div className="docks-page">
        <BackToDocks />
        <DockLoadFailed error={dock.error} onRetry={() => void dock.refetch()} retrying={dock.isFetching} />
      </div>
    );
  }
  const { data } = dock;
  const free = data.locks.filter((lock) => lock.state === 'free').length;
  return (
    <div className="docks-page">
      <BackToDocks />
      <PageTitle>{data.name}</PageTitle>
      <p className="docks-lead">
        {data.address} · {data.organisation_name}
      </p>
      <div className="dock-head">
        <p className="dock-free">
          <strong>{t('list.free', { free, count: data.locks.length })}</strong>
        </p>
        <LiveIndicator status={live} />
      </div>
      <AlarmOffers dockId={dockId} />
      {data.locks.length === 0 ? (
        <div className="card empty-state">
          <p>{t('locks.empty')}</p>
        </div>
      ) : (
        <ul className="lock-grid" aria-label={t('locks.label')}>
          {data.locks.map((lock) => (
            <LockCard key={lock.id} lock={lock} now={now} />
          ))}
        </ul>
      )}
    </div>
  );
}

function LockCard({ lock, now }: { lock: LockView; now: Date }) {
  const { t } = useTranslation('docks');
  // A free lock or mine (and one busy with my command) opens its page; another's shows only its state.
  const open = lock.state === 'free' || lock.state === 'occupied_by_me' || lock.my_command !== null;
  const href = `/app/docks/${encodeURIComponent(lock.dock_id)}/locks/${encodeURIComponent(lock.id)}`;
  return (
    <li className={`card lock-card lock-card-${lock.state}`} data-lock={lock.label}>
      <h2 className="lock-card-label">
        {open ? (
          <Link to={href} className="lock-card-link">
            {t('locks.name', { label: lock.label })}
          </Link>
        ) : (
          t('locks.name', { label: lock.label })
        )}
      </h2>
      <LockStateBadge state={lock.state} />
      {lock.my_bike && <p className="lock-card-bike">{t('locks.myBike', { bike: lock.my_bike.label })}</p>}
      <p className="lock-card-reported">
        <LastReported at={lock.last_reported_at} now={now} />
      </p>
    </li>
  );
}
