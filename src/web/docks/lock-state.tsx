import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LockCommandView, type LockViewState, lockReportIsStale, secondsSince } from '../../domain/docks';
import type { LiveStatus } from './dock-live';

// How a lock's state shows: an icon and a word (never colour alone), and "last reported N s ago" counting up each
// second, marked stale (with a word, not only a colour) past LOCK_STALE_AFTER_SECONDS.

/** The time now, once a second while mounted. */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const ICONS: Record<LockViewState, string> = {
  // An open shackle.
  free: 'M7 11V7a5 5 0 0 1 9.6-2M5 11h14v10H5z',
  // A closed shackle with a tick: mine.
  occupied_by_me: 'M7 11V7a5 5 0 0 1 10 0v4M5 11h14v10H5zM9 16l2 2 4-4',
  // A closed shackle.
  occupied: 'M7 11V7a5 5 0 0 1 10 0v4M5 11h14v10H5zM12 15v2',
  // Arrows turning (the bolt is moving).
  locking: 'M4 12a8 8 0 0 1 14-5.3M20 4v4h-4M20 12a8 8 0 0 1-14 5.3M4 20v-4h4',
  unlocking: 'M4 12a8 8 0 0 1 14-5.3M20 4v4h-4M20 12a8 8 0 0 1-14 5.3M4 20v-4h4',
  // A plug, struck through.
  offline: 'M9 3v5M15 3v5M6 8h12v3a6 6 0 0 1-12 0zM12 17v4M3 3l18 18',
};

export function LockStateBadge({ state }: { state: LockViewState }) {
  const { t } = useTranslation('docks');
  return (
    <span className={`lock-state lock-state-${state}`}>
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={ICONS[state]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {t(`state.${state}`)}
    </span>
  );
}

export function LastReported({ at, now }: { at: string | null; now: Date }) {
  const { t } = useTranslation('docks');
  const when = at ? new Date(at) : null;
  const stale = lockReportIsStale(when, now);
  return (
    <span className={stale ? 'lock-reported lock-reported-stale' : 'lock-reported'}>
      {when ? t('reported.ago', { count: secondsSince(when, now) }) : t('reported.never')}
      {stale && when && <strong className="lock-reported-flag"> {t('reported.stale')}</strong>}
    </span>
  );
}

/** Whether the live channel is there: a word and a dot. */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  const { t } = useTranslation('docks');
  return (
    <p className={`dock-live dock-live-${status}`} role="status">
      <span className="dock-live-dot" aria-hidden="true" />
      {t(`live.${status}`)}
    </p>
  );
}

const STEPS = ['sent', 'received', 'done'] as const;

/** A command's steps as they happen: sent → received by the lock → done, or failed with what to do. */
export function CommandSteps({ command }: { command: LockCommandView }) {
  const { t } = useTranslation('docks');
  const reached = command.status === 'failed' ? -1 : STEPS.indexOf(command.status);
  // A failed command got as far as it got; the server tells only that it failed, so the steps before show as passed
  // where the failure implies them (the lock said it could not: it had received the command).
  const failedAfter = command.failure === 'device_error' ? 1 : 0;
  return (
    <div className="command-steps">
      <h2 className="command-steps-title">{t(`command.title.${command.kind}`)}</h2>
      <ol>
        {STEPS.map((step, index) => {
          const passed = command.status === 'failed' ? index <= failedAfter && step !== 'done' : index <= reached;
          const current = command.status !== 'failed' && command.status !== 'done' && index === reached + 1;
          return (
            <li key={step} className={passed ? 'step-passed' : current ? 'step-current' : 'step-waiting'}>
              <span className="step-mark" aria-hidden="true">
                {passed ? '✓' : current ? '…' : '○'}
              </span>
              {t(`command.step.${step}.${command.kind}`)}
              <span className="visually-hidden">
                {' '}
                {passed ? t('command.passed') : current ? t('command.current') : t('command.waiting')}
              </span>
            </li>
          );
        })}
        {command.status === 'failed' && (
          <li className="step-failed">
            <span className="step-mark" aria-hidden="true">
              ✕
            </span>
            {t(`command.failed.${command.failure ?? 'timeout'}`)}
          </li>
        )}
      </ol>
    </div>
  );
}
