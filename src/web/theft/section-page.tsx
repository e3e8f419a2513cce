import type { FormEvent, ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { sectionStatus, THEFT_SECTIONS, type TheftSection } from '../../domain/theft';
import { bikeName } from '../bikes/bike-terms';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { PageTitle } from '../ui/page';
import { BikeStep } from './bike-step';
import { CulpritStep } from './culprit-step';
import { useTheftDraft } from './draft-store';
import { InsuranceStep } from './insurance-step';
import { PersonalStep } from './personal-step';
import { SendStep } from './send-step';
import { type StepForm, useStepForm } from './step-form';
import { FROM_SUMMARY } from './summary';
import { TimePlaceStep } from './time-place-step';
import { type useWizard, WIZARD_BASE } from './use-wizard';

/**
 * Marks every field of the section and, when some are not right, focuses the first one marked. The marks
 * are rendered at once (flushSync), so the focus finds them.
 */
export function attemptAndFocus(form: StepForm, container: HTMLElement): boolean {
  let complete = false;
  flushSync(() => {
    complete = form.attempt();
  });
  if (!complete) container.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  return complete;
}

/**
 * One section of the wizard (/app/my-bikes/report-stolen/{section}): its fields and "Save and continue".
 * Opened from the summary (?from=summary, its "Edit" links), saving returns to the summary instead of
 * going on through the following sections.
 */
export function SectionPage({ section, wizard }: { section: TheftSection; wizard: ReturnType<typeof useWizard> }) {
  const { t } = useTranslation(['theft', 'bike-terms']);
  const navigate = useNavigate();
  const unlockNext = useTheftDraft((s) => s.unlockNext);
  const form = useStepForm(section, wizard);
  const index = THEFT_SECTIONS.indexOf(section);
  const status = sectionStatus(section, wizard.draft, wizard.ctx);
  const title = t(`section.${section}`);
  const [params] = useSearchParams();
  const fromSummary =
    params.get('from') === FROM_SUMMARY && section !== 'send-report' && sectionStatus('send-report', wizard.draft, wizard.ctx) !== 'locked';
  const back = fromSummary
    ? { to: `${WIZARD_BASE}/send-report`, label: t('backToSummary') }
    : { to: WIZARD_BASE, label: t('backToOverview') };

  let body: ReactNode;
  if (!wizard.draft.bike_id) {
    body = (
      <Alert tone="info">
        <p>{t('overview.chooseBikeFirst')}</p>
        <Link to={WIZARD_BASE}>{t('backToOverview')}</Link>
      </Alert>
    );
  } else if (status === 'locked') {
    const before = THEFT_SECTIONS[index - 1];
    body = (
      <Alert tone="info">
        <p>{t('overview.lockedWhy', { section: before ? t(`section.${before}`) : '' })}</p>
        <Link to={WIZARD_BASE}>{t('backToOverview')}</Link>
      </Alert>
    );
  } else if (section === 'send-report') {
    body = <SendStep form={form} wizard={wizard} />;
  } else {
    const next = THEFT_SECTIONS[index + 1];
    const submit = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (!attemptAndFocus(form, event.currentTarget)) return;
      unlockNext(section);
      if (fromSummary) navigate(`${WIZARD_BASE}/send-report`);
      else navigate(next ? `${WIZARD_BASE}/${next}` : WIZARD_BASE);
    };
    body = (
      <form className="theft-form" noValidate onSubmit={submit}>
        <StepFields section={section} form={form} profileCpr={wizard.profile.data?.cpr_number ?? null} />
        <div className="actions">
          <Button type="submit">{fromSummary ? t('saveAndReturn') : t('saveAndContinue')}</Button>
          <Link to={back.to} className="btn btn-secondary">
            {back.label}
          </Link>
        </div>
      </form>
    );
  }

  return (
    <div className="theft-page">
      <p className="bike-back">
        <Link to={back.to}>
          <span aria-hidden="true">← </span>
          {back.label}
        </Link>
      </p>
      <p className="theft-step-count">{t('stepCount', { step: index + 1, count: THEFT_SECTIONS.length })}</p>
      <PageTitle>{title}</PageTitle>
      {wizard.bike.data && <p className="theft-bike-line">{t('forBike', { name: bikeName(wizard.bike.data, t) })}</p>}
      {body}
    </div>
  );
}

function StepFields({ section, form, profileCpr }: { section: TheftSection; form: StepForm; profileCpr: string | null }) {
  switch (section) {
    case 'personal-info':
      return <PersonalStep form={form} profileCpr={profileCpr} />;
    case 'insurance':
      return <InsuranceStep form={form} />;
    case 'bike-info':
      return <BikeStep form={form} />;
    case 'culprit-info':
      return <CulpritStep form={form} />;
    case 'time-location':
      return <TimePlaceStep form={form} />;
    default:
      return null;
  }
}
