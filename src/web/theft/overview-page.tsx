import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { sectionStatus, THEFT_SECTIONS, type TheftSection } from '../../domain/theft';
import { bikeName } from '../bikes/bike-terms';
import { useMyBikes } from '../bikes/bikes-api';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { useTheftDraft } from './draft-store';
import { IncompleteAlert } from './incomplete-alert';
import { incompleteSections } from './sections';
import { type useWizard, WIZARD_BASE } from './use-wizard';

/**
 * /app/my-bikes/report-stolen: the wizard's overview (§2). First the bike (one of yours not reported
 * stolen; ?bike= preselects it, and so does having only one), then the sections in order with their status and a link; a locked
 * section says why. "Start over" clears the draft after a confirmation.
 */
export function OverviewPage({ wizard }: { wizard: ReturnType<typeof useWizard> }) {
  const { t } = useTranslation(['theft', 'bike-terms']);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const bikes = useMyBikes();
  const chooseBike = useTheftDraft((s) => s.chooseBike);
  const unlockNext = useTheftDraft((s) => s.unlockNext);
  const reset = useTheftDraft((s) => s.reset);
  const [asking, setAsking] = useState(false);
  const [incomplete, setIncomplete] = useState<TheftSection[] | null>(null);
  const candidates = (bikes.data ?? []).filter((b) => !b.flags.reported_stolen);
  const wanted = params.get('bike');
  const { draft, ctx } = wizard;
  const chosen = candidates.find((b) => b.id === draft.bike_id) ?? null;

  useEffect(() => {
    if (!wanted || !bikes.data) return;
    if (candidates.some((b) => b.id === wanted)) chooseBike(wanted);
    setParams({}, { replace: true });
  }, [wanted, bikes.data, candidates, chooseBike, setParams]);

  // The only bike that can be reported is chosen already (also again after "Start over").
  const only = candidates.length === 1 ? candidates[0]?.id : undefined;
  useEffect(() => {
    if (only && !wanted && !chosen) chooseBike(only);
  }, [only, wanted, chosen, chooseBike]);

  if (bikes.isPending) return <Loading />;
  if (bikes.isError) return <LoadError error={bikes.error} onRetry={() => void bikes.refetch()} retrying={bikes.isFetching} />;

  const goToSubmit = () => {
    const missing = incompleteSections(draft, ctx).filter((s) => s !== 'send-report');
    if (missing.length > 0 || !chosen) {
      setIncomplete(missing);
      return;
    }
    unlockNext('time-location');
    navigate(`${WIZARD_BASE}/send-report`);
  };

  return (
    <div className="theft-page">
      <p className="bike-back">
        <Link to="/app/my-bikes">
          <span aria-hidden="true">← </span>
          {t('toMyBikes')}
        </Link>
      </p>
      <PageTitle>{t('overview.title')}</PageTitle>
      <p className="theft-lead">{t('overview.lead')}</p>
      {candidates.length === 0 ? (
        <div className="card empty-state">
          <h2>{t('overview.noBikesTitle')}</h2>
          <p>{t('overview.noBikesBody')}</p>
          <Link to="/app/bikes/register" className="btn btn-primary">
            {t('overview.registerBike')}
          </Link>
        </div>
      ) : (
        <>
          {incomplete && <IncompleteAlert sections={incomplete} noBike={!chosen} />}
          <fieldset className="theft-choice theft-bike-choice">
            <legend>{t('overview.chooseBike')}</legend>
            <div className="theft-choice-options">
              {candidates.map((bike) => (
                <label key={bike.id} className="theft-choice-option">
                  <input type="radio" name="bike_id" checked={chosen?.id === bike.id} onChange={() => chooseBike(bike.id)} />
                  <span>
                    <strong>{bikeName(bike, t)}</strong>
                    <span className="muted mono theft-bike-frame">{bike.frame_number ?? t('overview.noFrame')}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <h2>{t('overview.sectionsTitle')}</h2>
          <ol className="theft-sections">
            {THEFT_SECTIONS.map((section, index) => {
              const status = chosen ? sectionStatus(section, draft, ctx) : 'locked';
              const before = THEFT_SECTIONS[index - 1];
              const name = t(`section.${section}`);
              return (
                <li key={section} className={`theft-section theft-section-${status}`}>
                  <span className="theft-section-number" aria-hidden="true">
                    {status === 'complete' ? '✓' : index + 1}
                  </span>
                  <div className="theft-section-body">
                    <h3 className="theft-section-title">{name}</h3>
                    <p className={`theft-status theft-status-${status}`}>{t(`status.${status}`)}</p>
                    {status === 'locked' ? (
                      <p className="muted">
                        {!chosen
                          ? t('overview.chooseBikeFirst')
                          : t('overview.lockedWhy', { section: before ? t(`section.${before}`) : '' })}
                      </p>
                    ) : (
                      <Link to={`${WIZARD_BASE}/${section}`} aria-label={t('overview.goToNamed', { section: name })}>
                        {t('overview.goTo')}
                      </Link>
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
          <div className="actions">
            <Button onClick={goToSubmit}>{t('overview.toSubmit')}</Button>
            <Button variant="secondary" onClick={() => setAsking(true)}>
              {t('overview.startOver')}
            </Button>
          </div>
          <p className="muted theft-draft-note">{t('overview.draftNote')}</p>
          <ConfirmDialog
            open={asking}
            title={t('overview.startOverTitle')}
            confirmLabel={t('overview.startOverConfirm')}
            cancelLabel={t('cancel')}
            onConfirm={() => {
              reset();
              setIncomplete(null);
              setAsking(false);
            }}
            onCancel={() => setAsking(false)}
          >
            <p>{t('overview.startOverBody')}</p>
          </ConfirmDialog>
        </>
      )}
    </div>
  );
}
