import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { dateTimeFormat } from '../lib/intl';
import { Button } from '../ui/button';
import { PageTitle } from '../ui/page';
import { type DockFrame, useDockLive } from './dock-live';
import { BackToDocks } from './dock-missing';
import { lockChannelPath } from './lock-page';
import { LiveIndicator, LockStateBadge } from './lock-state';
import './docks.css';

interface Entry {
  n: number;
  at: Date;
  frame: DockFrame;
}

/** The newest this many frames are kept on the page. */
const KEEP = 200;

/**
 * /app/docks/{dockId}/locks/{lockId}/websocket: the lock's live channel as a page — the same address answers the
 * WebSocket (an upgrade request) and, for a browser's plain visit, this page, which connects to it and shows each
 * frame as it comes (for the curious and for support).
 */
export function LockChannelPage() {
  const { t, i18n } = useTranslation('docks');
  const params = useParams();
  const dockId = params.dockId ?? '';
  const lockId = params.lockId ?? '';
  const [entries, setEntries] = useState<Entry[]>([]);
  const onFrame = useCallback((frame: DockFrame) => {
    if (frame.type === 'pong') return;
    setEntries((all) => [{ n: (all[0]?.n ?? 0) + 1, at: new Date(), frame }, ...all].slice(0, KEEP));
  }, []);
  const status = useDockLive(dockId, lockChannelPath(dockId, lockId), true, onFrame);
  const time = dateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return (
    <div className="docks-page lock-channel">
      <BackToDocks to={`/app/docks/${encodeURIComponent(dockId)}/locks/${encodeURIComponent(lockId)}`} label={t('back.lock')} />
      <PageTitle>{t('channel.title')}</PageTitle>
      <p className="docks-lead">{t('channel.note')}</p>
      <p className="mono lock-channel-address">{lockChannelPath(dockId, lockId)}</p>
      <div className="dock-head">
        <LiveIndicator status={status} />
        <Button variant="secondary" className="btn-small" disabled={entries.length === 0} onClick={() => setEntries([])}>
          {t('channel.clear')}
        </Button>
      </div>
      {entries.length === 0 ? (
        <p className="card empty-state">{t('channel.empty')}</p>
      ) : (
        <ol className="channel-log" aria-label={t('channel.log')} aria-live="polite">
          {entries.map((entry) => (
            <li key={entry.n} className="card channel-entry">
              <time dateTime={entry.at.toISOString()} className="mono">
                {time.format(entry.at)}
              </time>
              <FrameSummary frame={entry.frame} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function FrameSummary({ frame }: { frame: DockFrame }) {
  const { t } = useTranslation('docks');
  if (frame.type === 'lock' && frame.lock) {
    return (
      <div>
        <span className="channel-kind">{t('channel.kind.lock')}</span> <LockStateBadge state={frame.lock.state} />
      </div>
    );
  }
  if (frame.type === 'command' && frame.command) {
    return (
      <div>
        <span className="channel-kind">{t('channel.kind.command')}</span> {t(`command.title.${frame.command.kind}`)}:{' '}
        <strong>{t(`channel.status.${frame.command.status}`)}</strong>
        {frame.command.failure && <> ({t(`command.failed.${frame.command.failure}`)})</>}
      </div>
    );
  }
  if (frame.type === 'alarm') return <span className="channel-kind">{t('channel.kind.alarm')}</span>;
  return <span className="channel-kind mono">{frame.type}</span>;
}
