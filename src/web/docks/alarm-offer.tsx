import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DockDetail } from '../../domain/docks';
import { readApiError } from '../lib/errors';
import { queryClient, refreshQueries } from '../lib/query-client';
import { useActingParty } from '../lib/session-store';
import { useTheftDraft } from '../theft/draft-store';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import {
  type AlarmReportAnswers,
  type DockAlarm,
  dismissAlarm,
  dockKeys,
  type LockDetail,
  reportAlarmStolen,
  useDockAlarms,
} from './docks-api';
import './docks.css';

/** The questions the offer asks itself when the tap could not know them; any other goes to the stolen-report wizard. */
const ASKED_HERE = ['isInsured', 'bike_price'];

/**
 * The tamper alarms of locks holding the user's bikes, each with a one-tap stolen report (the profile, the bike,
 * the dock's place and the alarm's time filled in by the server) or "it's me". What the tap cannot know (whether the
 * bike is insured, its price) is asked here; anything more opens the stolen-report wizard with all of it filled in.
 * Shows nothing when there are none (or they could not be fetched: the page around it has its own state).
 */
export function AlarmOffers({ dockId }: { dockId?: string }) {
  const alarms = useDockAlarms();
  const [filed, setFiled] = useState<Record<string, string>>({});
  const shown = (alarms.data ?? []).filter((alarm) => (!dockId || alarm.dock_id === dockId) && alarm.bike_id);
  const done = Object.entries(filed).filter(([id]) => !shown.some((alarm) => alarm.id === id && !alarm.theft_report_id));
  const open = shown.filter((alarm) => !alarm.theft_report_id && !filed[alarm.id]);
  if (open.length === 0 && done.length === 0) return null;
  return (
    <div className="alarm-offers">
      {open.map((alarm) => (
        <AlarmOffer key={alarm.id} alarm={alarm} onFiled={(bikeId) => setFiled((all) => ({ ...all, [alarm.id]: bikeId }))} />
      ))}
      {done.map(([id, bikeId]) => (
        <FiledNotice key={id} bikeId={bikeId} />
      ))}
    </div>
  );
}

function FiledNotice({ bikeId }: { bikeId: string }) {
  const { t } = useTranslation('docks');
  return (
    <div className="alert alert-success" role="status">
      <div>
        <strong className="alert-title">{t('alarm.filed')}</strong>
        <Link to={`/app/my-bikes/${encodeURIComponent(bikeId)}/stolen-bike-report`}>{t('alarm.openReport')}</Link>
      </div>
    </div>
  );
}

function AlarmOffer({ alarm, onFiled }: { alarm: DockAlarm; onFiled: (bikeId: string) => void }) {
  const { t } = useTranslation(['docks', 'errors']);
  const partyId = useActingParty();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'report' | 'dismiss' | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The questions the server asked back (whether it is insured, its price): only those are shown.
  const [asked, setAsked] = useState<string[] | null>(null);
  const [insured, setInsured] = useState<'yes' | 'no' | ''>('');
  const [price, setPrice] = useState('');

  const report = async (answers: AlarmReportAnswers) => {
    setBusy('report');
    setError(null);
    try {
      const outcome = await reportAlarmStolen(alarm.id, answers);
      if (outcome.status === 'filed') {
        onFiled(outcome.bike_id);
        await refreshQueries(dockKeys.alarms(partyId));
        return;
      }
      if (outcome.problems.every((problem) => ASKED_HERE.includes(problem.field))) {
        if (asked) setError(t('alarm.answersNeeded'));
        setAsked(outcome.problems.map((problem) => problem.field));
        return;
      }
      // More is missing than these questions: the wizard, with everything the tap knew filled in.
      const bikeId = alarm.bike_id ?? '';
      const draft = useTheftDraft.getState();
      draft.chooseBike(bikeId);
      draft.update({ ...(outcome.draft as Record<string, unknown>), ...answersForDraft(answers), bike_id: bikeId });
      navigate(`/app/my-bikes/report-stolen?bike=${encodeURIComponent(bikeId)}`);
    } catch (err) {
      const outcome = readApiError(err, t);
      setError(outcome.kind === 'message' ? outcome.text : t('errors:server_error'));
    } finally {
      setBusy(null);
    }
  };
  const dismiss = async () => {
    setBusy('dismiss');
    setError(null);
    try {
      await dismissAlarm(alarm.id);
      await refreshQueries(dockKeys.alarms(partyId));
    } catch (err) {
      const outcome = readApiError(err, t);
      setError(outcome.kind === 'message' ? outcome.text : t('errors:server_error'));
    } finally {
      setBusy(null);
    }
  };
  const answer = (event: FormEvent) => {
    event.preventDefault();
    void report({ ...(insured ? { isInsured: insured === 'yes' } : {}), ...(price.trim() ? { bike_price: price.trim() } : {}) });
  };

  const titleId = `alarm-${alarm.id}`;
  return (
    <section className="alarm-offer" role="alert" aria-labelledby={titleId}>
      <span className="alarm-offer-icon" aria-hidden="true">
        !
      </span>
      <div>
        <h2 id={titleId} className="alarm-offer-title">
          {t('alarm.title', { bike: bikeName(partyId, alarm), lock: alarm.lock_label, dock: alarm.dock_name })}
        </h2>
        <p>{t('alarm.body')}</p>
        {asked && (
          <form className="alarm-questions" onSubmit={answer}>
            <p>{t('alarm.questions')}</p>
            {asked.includes('isInsured') && (
              <fieldset>
                <legend>{t('alarm.insured')}</legend>
                <label>
                  <input type="radio" name={`insured-${alarm.id}`} checked={insured === 'yes'} onChange={() => setInsured('yes')} />{' '}
                  {t('alarm.yes')}
                </label>
                <label>
                  <input type="radio" name={`insured-${alarm.id}`} checked={insured === 'no'} onChange={() => setInsured('no')} />{' '}
                  {t('alarm.no')}
                </label>
              </fieldset>
            )}
            {asked.includes('bike_price') && (
              <TextField
                label={t('alarm.price')}
                hint={t('alarm.priceHint')}
                inputMode="numeric"
                value={price}
                onChange={(e) => setPrice(e.target.value)}
              />
            )}
            <Button type="submit" variant="danger" busy={busy === 'report'} disabled={busy !== null}>
              {t('alarm.send')}
            </Button>
          </form>
        )}
        {error && <p className="alarm-offer-error">{error}</p>}
        <div className="actions">
          {!asked && (
            <Button variant="danger" busy={busy === 'report'} disabled={busy !== null} onClick={() => void report({})}>
              {t('alarm.report')}
            </Button>
          )}
          <Button variant="secondary" busy={busy === 'dismiss'} disabled={busy !== null} onClick={() => void dismiss()}>
            {t('alarm.dismiss')}
          </Button>
        </div>
      </div>
    </section>
  );
}

/** The bike as the dock's pages name it (its nickname, from the lock's cached view) or else as the alarm labels it. */
function bikeName(partyId: string, alarm: DockAlarm): string {
  const dock = queryClient.getQueryData<DockDetail>(dockKeys.detail(partyId, alarm.dock_id));
  const lock =
    dock?.locks.find((l) => l.id === alarm.lock_id) ??
    queryClient.getQueryData<LockDetail>(dockKeys.lock(partyId, alarm.dock_id, alarm.lock_id));
  return lock?.my_bike && lock.my_bike.id === alarm.bike_id && lock.my_bike.label ? lock.my_bike.label : (alarm.bike_label ?? '');
}

function answersForDraft(answers: AlarmReportAnswers): Record<string, unknown> {
  return Object.fromEntries(Object.entries(answers).filter(([, value]) => value !== undefined));
}
