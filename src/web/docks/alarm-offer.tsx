import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { readApiError } from '../lib/errors';
import { refreshQueries } from '../lib/query-client';
import { useActingParty } from '../lib/session-store';
import { Button } from '../ui/button';
import { type AlarmStolenReport, type DockAlarm, dismissAlarm, dockKeys, reportAlarmStolen, useDockAlarms } from './docks-api';

/**
 * The tamper alarms of locks holding the user's bikes, each with a one-tap stolen report (the dock's place and the
 * alarm's time filled in by the server) or "it's me". Shows nothing when there are none (or they could not be
 * fetched: the page around it has its own state).
 */
export function AlarmOffers({ dockId }: { dockId?: string }) {
  const alarms = useDockAlarms();
  const [filed, setFiled] = useState<Record<string, AlarmStolenReport>>({});
  const shown = (alarms.data ?? []).filter((alarm) => !dockId || alarm.dock_id === dockId);
  const done = Object.entries(filed).filter(([id]) => !shown.some((alarm) => alarm.id === id));
  if (shown.length === 0 && done.length === 0) return null;
  return (
    <div className="alarm-offers">
      {shown.map((alarm) => (
        <AlarmOffer key={alarm.id} alarm={alarm} onFiled={(report) => setFiled((all) => ({ ...all, [alarm.id]: report }))} />
      ))}
      {done.map(([id, report]) => (
        <FiledNotice key={id} report={report} />
      ))}
    </div>
  );
}

function FiledNotice({ report }: { report: AlarmStolenReport }) {
  const { t } = useTranslation('docks');
  return (
    <div className="alert alert-success" role="status">
      <div>
        <strong className="alert-title">{t('alarm.filed')}</strong>
        <Link to={`/app/my-bikes/${encodeURIComponent(report.bike_id)}/stolen-bike-report`}>{t('alarm.openReport')}</Link>
      </div>
    </div>
  );
}

function AlarmOffer({ alarm, onFiled }: { alarm: DockAlarm; onFiled: (report: AlarmStolenReport) => void }) {
  const { t } = useTranslation(['docks', 'errors']);
  const partyId = useActingParty();
  const [busy, setBusy] = useState<'report' | 'dismiss' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const act = async (what: 'report' | 'dismiss') => {
    setBusy(what);
    setError(null);
    try {
      if (what === 'report') onFiled(await reportAlarmStolen(alarm.id));
      else await dismissAlarm(alarm.id);
      await refreshQueries(dockKeys.alarms(partyId));
    } catch (err) {
      const outcome = readApiError(err, t);
      setError(outcome.kind === 'message' ? outcome.text : t('errors:server_error'));
    } finally {
      setBusy(null);
    }
  };
  const titleId = `alarm-${alarm.id}`;
  return (
    <section className="alarm-offer" role="alert" aria-labelledby={titleId}>
      <span className="alarm-offer-icon" aria-hidden="true">
        !
      </span>
      <div>
        <h2 id={titleId} className="alarm-offer-title">
          {t('alarm.title', { bike: alarm.bike_label, lock: alarm.lock_label, dock: alarm.dock_name })}
        </h2>
        <p>{t('alarm.body')}</p>
        {error && <p className="alarm-offer-error">{error}</p>}
        <div className="actions">
          <Button variant="danger" busy={busy === 'report'} disabled={busy !== null} onClick={() => void act('report')}>
            {t('alarm.report')}
          </Button>
          <Button variant="secondary" busy={busy === 'dismiss'} disabled={busy !== null} onClick={() => void act('dismiss')}>
            {t('alarm.dismiss')}
          </Button>
        </div>
      </div>
    </section>
  );
}
