import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { LockCommandKind, LockCommandView } from '../../domain/docks';
import { readApiError } from '../lib/errors';
import { refreshQueries } from '../lib/query-client';
import { useActingParty } from '../lib/session-store';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { AlarmOffers } from './alarm-offer';
import { useDockLive } from './dock-live';
import { BackToDocks, DockLoadFailed } from './dock-missing';
import { applyCommand, dockKeys, type LockDetail, sendLockCommand, useLock } from './docks-api';
import { CommandSteps, LastReported, LiveIndicator, LockStateBadge, useNow } from './lock-state';
import './docks.css';

export function lockChannelPath(dockId: string, lockId: string): string {
  return `/app/docks/${encodeURIComponent(dockId)}/locks/${encodeURIComponent(lockId)}/websocket`;
}

/** /app/docks/{dockId}/locks/{lockId}: lock one of my bikes in it, or unlock mine; the command's steps as they happen. */
export function LockPage() {
  const { t } = useTranslation('docks');
  const params = useParams();
  const dockId = params.dockId ?? '';
  const lockId = params.lockId ?? '';
  const lock = useLock(dockId, lockId);
  const live = useDockLive(dockId, lockChannelPath(dockId, lockId), lock.isSuccess);
  const back = `/app/docks/${encodeURIComponent(dockId)}/locks`;
  if (lock.isPending) return <Loading />;
  if (lock.isError) {
    return (
      <div className="docks-page lock-page">
        <BackToDocks />
        <DockLoadFailed error={lock.error} onRetry={() => void lock.refetch()} retrying={lock.isFetching} />
      </div>
    );
  }
  return (
    <div className="docks-page lock-page">
      <BackToDocks to={back} label={t('back.locks')} />
      <PageTitle>{t('locks.name', { label: lock.data.label })}</PageTitle>
      <LiveIndicator status={live} />
      <AlarmOffers dockId={dockId} />
      <LockPanel lock={lock.data} dockId={dockId} />
      <p className="lock-channel-link">
        <Link to={lockChannelPath(dockId, lockId)}>{t('lock.channelLink')}</Link>
      </p>
    </div>
  );
}

function LockPanel({ lock, dockId }: { lock: LockDetail; dockId: string }) {
  const { t } = useTranslation(['docks', 'errors']);
  const partyId = useActingParty();
  const now = useNow();
  const [chosen, setChosen] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const bikeId =
    chosen && lock.bikes.some((bike) => bike.id === chosen) ? chosen : ((lock.bikes.length === 1 ? lock.bikes[0]?.id : null) ?? null);
  const command = lock.my_command;
  const busy = lock.state === 'locking' || lock.state === 'unlocking' || command?.status === 'sent' || command?.status === 'received';

  const send = async (kind: LockCommandKind) => {
    setSending(true);
    setError(null);
    try {
      const sent = await sendLockCommand(dockId, lock.id, kind, bikeId ?? undefined);
      applyCommand(partyId, dockId, sent);
      await refreshQueries(dockKeys.lock(partyId, dockId, lock.id));
    } catch (err) {
      const outcome = readApiError(err, t);
      setError(outcome.kind === 'message' ? outcome.text : t('errors:server_error'));
      void refreshQueries(dockKeys.lock(partyId, dockId, lock.id));
    } finally {
      setSending(false);
    }
  };

  const reason = lockReason(lock.state, busy);
  return (
    <section className="card lock-panel" aria-labelledby="lock-state-title">
      <h2 id="lock-state-title" className="visually-hidden">
        {t('lock.stateTitle')}
      </h2>
      <div className="lock-panel-state">
        <LockStateBadge state={lock.state} />
        <LastReported at={lock.last_reported_at} now={now} />
      </div>
      {lock.my_bike && <p className="lock-card-bike">{t('locks.myBike', { bike: lock.my_bike.label })}</p>}
      {command && <CommandSteps command={command} />}
      {command && <Outcome command={command} state={lock.state} />}
      {error && (
        <Alert tone="error">
          <p>{error}</p>
        </Alert>
      )}
      {lock.state === 'occupied_by_me' || lock.my_bike || (lock.state === 'unlocking' && command?.kind === 'unlock') ? (
        <div className="lock-actions">
          <Button
            block
            className="btn-large"
            busy={sending}
            disabled={busy || lock.state !== 'occupied_by_me'}
            aria-describedby={reason ? 'lock-reason' : undefined}
            onClick={() => void send('unlock')}
          >
            {t('lock.unlock')}
          </Button>
        </div>
      ) : (
        <LockForm
          lock={lock}
          bikeId={bikeId}
          onChoose={setChosen}
          disabled={lock.state !== 'free' || busy}
          hasReason={reason !== null}
          sending={sending}
          onLock={() => void send('lock')}
        />
      )}
      {reason && (
        <p id="lock-reason" className="lock-reason">
          {t(`lock.reason.${reason}`)}
        </p>
      )}
    </section>
  );
}

type Reason = 'offline' | 'occupied' | 'busy';

function lockReason(state: LockDetail['state'], busy: boolean): Reason | null {
  if (state === 'offline') return 'offline';
  if (busy) return 'busy';
  if (state === 'occupied') return 'occupied';
  return null;
}

function LockForm({
  lock,
  bikeId,
  onChoose,
  disabled,
  hasReason,
  sending,
  onLock,
}: {
  lock: LockDetail;
  bikeId: string | null;
  onChoose: (id: string) => void;
  disabled: boolean;
  hasReason: boolean;
  sending: boolean;
  onLock: () => void;
}) {
  const { t } = useTranslation('docks');
  if (lock.bikes.length === 0 && lock.state === 'free') {
    return (
      <div className="lock-no-bikes">
        <p>{t('lock.noBikes')}</p>
        <Link to="/app/bikes/register" className="btn btn-primary">
          {t('lock.registerBike')}
        </Link>
      </div>
    );
  }
  return (
    <form
      className="lock-form"
      onSubmit={(event) => {
        event.preventDefault();
        onLock();
      }}
    >
      {lock.bikes.length > 0 && (
        <fieldset className="lock-bikes" disabled={disabled}>
          <legend>{t('lock.chooseBike')}</legend>
          {lock.bikes.map((bike) => (
            <label key={bike.id} className="lock-bike">
              <input type="radio" name="bike_id" value={bike.id} checked={bikeId === bike.id} onChange={() => onChoose(bike.id)} />
              <span>{bike.label}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="lock-actions">
        <Button
          type="submit"
          block
          className="btn-large"
          busy={sending}
          disabled={disabled || !bikeId}
          aria-describedby={hasReason ? 'lock-reason' : undefined}
        >
          {t('lock.lock')}
        </Button>
      </div>
      {!disabled && !bikeId && <p className="lock-reason">{t('lock.reason.chooseBike')}</p>}
    </form>
  );
}

/** What the finished command means for the user, in words: done, or failed with what to do. */
function Outcome({ command, state }: { command: LockCommandView; state: LockDetail['state'] }) {
  const { t } = useTranslation('docks');
  if (command.status === 'failed') {
    return (
      <Alert tone="error" title={t(`outcome.failed.${command.kind}`)}>
        <p>{t(`outcome.todo.${command.failure ?? 'timeout'}`)}</p>
      </Alert>
    );
  }
  if (command.status !== 'done') return null;
  // The server's view decides: "unlocked" only once the lock reported open (free); "locked" once it reported closed.
  if (command.kind === 'unlock' && state === 'free') {
    return (
      <Alert tone="success" title={t('outcome.unlocked')}>
        <p>{t('outcome.unlockedBody')}</p>
      </Alert>
    );
  }
  if (command.kind === 'lock' && state === 'occupied_by_me') {
    return (
      <Alert tone="success" title={t('outcome.locked')}>
        <p>{t('outcome.lockedBody')}</p>
      </Alert>
    );
  }
  return null;
}
