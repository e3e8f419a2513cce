import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { maskCpr } from '../../domain/identity';
import { acknowledgementsFor, OTHER_INSURER, type TheftAcknowledgement } from '../../domain/theft';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { useTheftDraft } from './draft-store';
import { IncompleteAlert } from './incomplete-alert';
import { reportInput } from './report-input';
import { incompleteSections, sectionOfField } from './sections';
import { DraftCheckbox } from './step-fields';
import type { StepForm } from './step-form';
import { ReportSummary } from './summary';
import { useFileReport, useInsurers } from './theft-api';
import { type useWizard, WIZARD_BASE } from './use-wizard';

const ACKNOWLEDGEMENT_LABEL = {
  acknowledgement_payout: 'send.ack.payout',
  acknowledgement_data_share: 'send.ack.dataShare',
  acknowledgement_ownership_transfer: 'send.ack.ownershipTransfer',
} as const satisfies Record<TheftAcknowledgement, string>;

/**
 * Send the report (§2, §5): police report wanted, the acknowledgements that apply (acknowledgementsFor), a summary with edit links, Submit.
 * Until every step is complete the button looks disabled (aria-disabled) and says what is missing; pressed
 * anyway, it shows the alert with links to those steps.
 */
export function SendStep({ form, wizard }: { form: StepForm; wizard: ReturnType<typeof useWizard> }) {
  const { t } = useTranslation('theft');
  const navigate = useNavigate();
  const reset = useTheftDraft((s) => s.reset);
  const file = useFileReport();
  const insurers = useInsurers(wizard.draft.isInsured === true);
  const [incomplete, setIncomplete] = useState<ReturnType<typeof incompleteSections> | null>(null);
  const { draft, ctx } = wizard;
  const insurerName =
    draft.insurance_company === OTHER_INSURER
      ? draft.insurance_company_other?.trim() || null
      : (insurers.data?.insurers.find((i) => i.party_id === draft.insurance_company)?.name ?? null);
  const acknowledgements = acknowledgementsFor(draft);
  const missingNow = incompleteSections(draft, ctx);
  const ready = missingNow.length === 0 && Boolean(draft.bike_id);
  const missingId = useId();
  const missingText = t('send.missing', {
    sections: [
      ...(draft.bike_id ? [] : [t('overview.chooseBikeFirst')]),
      ...missingNow.map((s) => (s === 'send-report' ? t('send.missingAcks') : t(`section.${s}`))),
    ].join(', '),
  });
  const profileCpr = wizard.profile.data?.cpr_number ?? null;
  const cpr = draft.cpr_number?.trim();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    form.attempt();
    const missing = incompleteSections(draft, ctx);
    if (missing.length > 0 || !draft.bike_id) {
      setIncomplete(missing);
      window.scrollTo({ top: 0 });
      return;
    }
    setIncomplete(null);
    const bikeId = draft.bike_id;
    file.mutate(reportInput(draft, ctx.language), {
      onSuccess: () => {
        reset();
        navigate(`${WIZARD_BASE}/report-confirmed?bike=${encodeURIComponent(bikeId)}`, { replace: true });
      },
    });
  };

  const failure = file.isError ? readApiError(file.error, t) : null;
  const failedSection = failure?.kind === 'message' ? sectionOfField(failure.field) : null;

  return (
    <form className="theft-form" noValidate onSubmit={submit}>
      {incomplete && <IncompleteAlert sections={incomplete} current="send-report" noBike={!draft.bike_id} />}
      {failure?.kind === 'message' && (
        <Alert title={t('send.failedTitle')}>
          <p>{failure.text}</p>
          {failedSection && failedSection !== 'send-report' && (
            <Link to={`${WIZARD_BASE}/${failedSection}`}>{t('send.fixIn', { section: t(`section.${failedSection}`) })}</Link>
          )}
        </Alert>
      )}
      <p>{acknowledgements.length > 0 ? t('send.lead') : t('send.leadNothingToConfirm')}</p>
      <DraftCheckbox form={form} name="policeReportRequested" label={t('field.policeReportRequested')} />
      {acknowledgements.length > 0 && (
        <fieldset className="theft-fieldset">
          <legend>{t('send.acknowledgeTitle')}</legend>
          {acknowledgements.map((name) => (
            <DraftCheckbox key={name} form={form} name={name} label={t(ACKNOWLEDGEMENT_LABEL[name])} />
          ))}
        </fieldset>
      )}
      <h2>{t('send.summaryTitle')}</h2>
      <ReportSummary
        editBase={WIZARD_BASE}
        sections={['personal-info', 'insurance', 'bike-info', 'culprit-info', 'time-location']}
        values={{
          ...draft,
          insurer_name: insurerName,
          cpr_display: cpr ? maskCpr(cpr.replace(/[\s-]/g, '')) : profileCpr ? t('send.cprFromProfile', { cpr: profileCpr }) : null,
        }}
      />
      {!ready && (
        <p className="muted theft-send-missing" id={missingId}>
          {missingText}
        </p>
      )}
      <div className="actions">
        <Button
          type="submit"
          busy={file.isPending}
          aria-disabled={ready ? undefined : true}
          aria-describedby={ready ? undefined : missingId}
          className={ready ? undefined : 'theft-send-waiting'}
        >
          {t('send.submit')}
        </Button>
        <Link to={WIZARD_BASE} className="btn btn-secondary">
          {t('backToOverview')}
        </Link>
      </div>
    </form>
  );
}
