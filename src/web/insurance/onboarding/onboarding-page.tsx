import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { POLICY_COVERAGES, POLICY_MAX_BIKES, POLICY_TYPES, type PolicyType } from '../../../domain/insurance-policies';
import { readApiError } from '../../lib/errors';
import { useProfile } from '../../lib/profile';
import { refreshQueries } from '../../lib/query-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CheckboxField, SelectField, TextField } from '../../ui/field';
import { PageTitle } from '../../ui/page';
import { Loading } from '../../ui/spinner';
import { createPolicy, policyPath, useInsurers, useMyBikeList } from '../policy/policy-api';
import '../policy/policy.css';
import { LegalLinks } from '../../ui/legal-links';
import { firstOpenStep, ONBOARDING_STEPS, type OnboardingDraft, type OnboardingStep, useOnboardingDraft } from './onboarding-draft';

const stepPath = (step: OnboardingStep) => `/insurance/onboarding/${step}`;

/**
 * /insurance/onboarding/{step}: an owner takes out a policy with an insurer of the register in four steps
 * (consent, insurance-type, insurance-details, shipping-info), kept as a draft across reloads; it ends in the
 * policy and its insurance plates sent to the address, then the policy's hub. ?insurer= (and ?policy=, a
 * looked-up policy number) start it for an insurer.
 */
export function OnboardingPage() {
  const { t } = useTranslation('insurance-policy');
  const { step = '' } = useParams();
  const [params] = useSearchParams();
  const { draft, update, prefill, reset } = useOnboardingDraft();
  const profile = useProfile();

  // A link from an insurer's page or a lookup names the insurer and the policy number.
  const insurerParam = params.get('insurer');
  const policyParam = params.get('policy');
  useEffect(() => {
    if (insurerParam) update({ insurer_party_id: insurerParam.slice(0, 64) });
    if (policyParam) update({ insurer_policy_id: policyParam.slice(0, 40) });
  }, [insurerParam, policyParam, update]);
  useEffect(() => {
    const p = profile.data;
    if (!p) return;
    prefill({
      party_id: p.party_id,
      first_name: p.first_name ?? undefined,
      last_name: p.last_name ?? undefined,
      email: p.email,
      mobile: p.mobile ?? undefined,
      street: p.street ?? undefined,
      floor: p.floor ?? undefined,
      side: p.side ?? undefined,
      door: p.door ?? undefined,
      zip_code: p.zip_code ?? undefined,
      city: p.city ?? undefined,
    });
  }, [profile.data, prefill]);

  const current = ONBOARDING_STEPS.find((s) => s === step);
  if (!current) return <Navigate to={stepPath(firstOpenStep(draft))} replace />;
  // A step further on than the draft has reached sends the owner back to the first one still to do.
  const open = firstOpenStep(draft);
  if (ONBOARDING_STEPS.indexOf(current) > ONBOARDING_STEPS.indexOf(open)) return <Navigate to={stepPath(open)} replace />;
  const index = ONBOARDING_STEPS.indexOf(current);

  return (
    <div className="policy-page">
      <PageTitle>{t('onboarding.title')}</PageTitle>
      <ol className="policy-steps" aria-label={t('onboarding.stepsLabel')}>
        {ONBOARDING_STEPS.map((s, i) => (
          <li key={s} aria-current={s === current ? 'step' : undefined} className={i < index ? 'done' : undefined}>
            {i < index ? <Link to={stepPath(s)}>{t(`onboarding.step.${s}`)}</Link> : t(`onboarding.step.${s}`)}
          </li>
        ))}
      </ol>
      <section className="card" aria-labelledby="onboarding-step-title">
        <h2 id="onboarding-step-title">
          {t('onboarding.stepOf', { n: index + 1, total: ONBOARDING_STEPS.length })} {t(`onboarding.step.${current}`)}
        </h2>
        {current === 'consent' && <ConsentStep />}
        {current === 'insurance-type' && <TypeStep />}
        {current === 'insurance-details' && <DetailsStep />}
        {current === 'shipping-info' && <ShippingStep />}
      </section>
      <Button variant="link" onClick={reset}>
        {t('onboarding.reset')}
      </Button>
    </div>
  );
}

function useDraftField<K extends keyof OnboardingDraft>(name: K) {
  const value = useOnboardingDraft((s) => s.draft[name]);
  const update = useOnboardingDraft((s) => s.update);
  return [value, (next: OnboardingDraft[K]) => update({ [name]: next } as Partial<OnboardingDraft>)] as const;
}

function ConsentStep() {
  const { t } = useTranslation('insurance-policy');
  const navigate = useNavigate();
  const insurers = useInsurers();
  const draft = useOnboardingDraft((s) => s.draft);
  const update = useOnboardingDraft((s) => s.update);
  const [tried, setTried] = useState(false);
  const required = t('onboarding.required');

  const next = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (firstOpenStep(draft) !== 'consent') navigate(stepPath('insurance-type'));
  };
  if (insurers.isPending) return <Loading />;
  return (
    <form onSubmit={next} noValidate>
      <p>{t('onboarding.consentLead')}</p>
      <SelectField
        label={t('onboarding.insurer')}
        value={draft.insurer_party_id ?? ''}
        onChange={(e) => update({ insurer_party_id: e.target.value })}
        placeholder={t('onboarding.choose')}
        options={(insurers.data?.insurers ?? []).map((i) => ({ value: i.party_id, label: i.name }))}
        error={tried && !draft.insurer_party_id ? required : undefined}
        required
      />
      <CheckboxField
        label={t('onboarding.ackPrivacy')}
        checked={draft.acknowledgement_privacy ?? false}
        onChange={(e) => update({ acknowledgement_privacy: e.target.checked })}
        error={tried && !draft.acknowledgement_privacy ? required : undefined}
      />
      <LegalLinks />
      <CheckboxField
        label={t('onboarding.ackDataShare')}
        checked={draft.acknowledgement_data_share ?? false}
        onChange={(e) => update({ acknowledgement_data_share: e.target.checked })}
        error={tried && !draft.acknowledgement_data_share ? required : undefined}
      />
      <CheckboxField
        label={t('onboarding.ackOwnershipTransfer')}
        checked={draft.acknowledgement_ownership_transfer ?? false}
        onChange={(e) => update({ acknowledgement_ownership_transfer: e.target.checked })}
      />
      <div className="actions">
        <Button type="submit">{t('onboarding.next')}</Button>
      </div>
    </form>
  );
}

function TypeStep() {
  const { t } = useTranslation('insurance-policy');
  const navigate = useNavigate();
  const [type, setType] = useDraftField('insurance_type');
  const [coverage, setCoverage] = useDraftField('insurance_coverage');
  const [tried, setTried] = useState(false);
  const next = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (type && coverage) navigate(stepPath('insurance-details'));
  };
  return (
    <form onSubmit={next} noValidate>
      <fieldset className="policy-choices">
        <legend>{t('onboarding.type')}</legend>
        {POLICY_TYPES.map((value) => (
          <label key={value} className="policy-choice">
            <input
              type="radio"
              name="insurance_type"
              value={value}
              checked={type === value}
              onChange={() => setType(value as PolicyType)}
            />
            <span>
              <strong>{t(`type.${value}`)}</strong>
              <span className="muted">{t(`onboarding.typeHint.${value}`)}</span>
            </span>
          </label>
        ))}
        {tried && !type && <p className="field-error">{t('onboarding.required')}</p>}
      </fieldset>
      <SelectField
        label={t('onboarding.coverage')}
        value={coverage ?? ''}
        onChange={(e) => setCoverage(e.target.value)}
        placeholder={t('onboarding.choose')}
        options={POLICY_COVERAGES.map((c) => ({ value: c, label: t(`coverage.${c}`) }))}
        error={tried && !coverage ? t('onboarding.required') : undefined}
        required
      />
      <div className="actions">
        <Button type="submit">{t('onboarding.next')}</Button>
        <Link to={stepPath('consent')} className="btn btn-secondary">
          {t('onboarding.back')}
        </Link>
      </div>
    </form>
  );
}

function DetailsStep() {
  const { t } = useTranslation('insurance-policy');
  const navigate = useNavigate();
  const bikes = useMyBikeList();
  const draft = useOnboardingDraft((s) => s.draft);
  const update = useOnboardingDraft((s) => s.update);
  const [tried, setTried] = useState(false);
  const chosen = draft.bikes ?? [];
  const count = draft.number_of_bikes;
  const tooMany = count !== undefined && chosen.length > count;

  const next = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (draft.insurer_policy_id && count !== undefined && !tooMany) navigate(stepPath('shipping-info'));
  };
  const toggle = (bikeId: string, on: boolean) =>
    update({ bikes: on ? [...new Set([...chosen, bikeId])] : chosen.filter((id) => id !== bikeId) });

  return (
    <form onSubmit={next} noValidate>
      <TextField
        label={t('onboarding.policyNumber')}
        hint={t('onboarding.policyNumberHint')}
        value={draft.insurer_policy_id ?? ''}
        onChange={(e) => update({ insurer_policy_id: e.target.value })}
        error={tried && !draft.insurer_policy_id ? t('onboarding.required') : undefined}
        autoComplete="off"
        required
      />
      <TextField
        label={t('onboarding.numberOfBikes')}
        type="number"
        inputMode="numeric"
        min={0}
        max={POLICY_MAX_BIKES}
        value={count ?? ''}
        onChange={(e) =>
          update({ number_of_bikes: e.target.value === '' ? undefined : Math.max(0, Math.min(POLICY_MAX_BIKES, Number(e.target.value))) })
        }
        error={tried && count === undefined ? t('onboarding.required') : undefined}
        required
      />
      {draft.frame_number && <p className="muted">{t('onboarding.insurerFrame', { frame: draft.frame_number })}</p>}
      <fieldset className="policy-choices">
        <legend>{t('onboarding.whichBikes')}</legend>
        {bikes.isPending && <Loading />}
        {bikes.data?.length === 0 && <p className="muted">{t('onboarding.noBikes')}</p>}
        {bikes.data?.map((bike) => (
          <CheckboxField
            key={bike.id}
            label={[bike.brand_name ?? bike.brand_id, bike.model, bike.frame_number].filter(Boolean).join(' · ') || bike.id}
            checked={chosen.includes(bike.id)}
            onChange={(e) => toggle(bike.id, e.target.checked)}
          />
        ))}
        {tooMany && <p className="field-error">{t('onboarding.tooMany', { count: count ?? 0 })}</p>}
      </fieldset>
      <div className="actions">
        <Button type="submit">{t('onboarding.next')}</Button>
        <Link to={stepPath('insurance-type')} className="btn btn-secondary">
          {t('onboarding.back')}
        </Link>
      </div>
    </form>
  );
}

const ADDRESS_FIELDS = ['first_name', 'last_name', 'email', 'mobile', 'street', 'floor', 'side', 'door', 'zip_code', 'city'] as const;
const REQUIRED_ADDRESS = ['first_name', 'last_name', 'street', 'zip_code', 'city'] as const;

function ShippingStep() {
  const { t } = useTranslation('insurance-policy');
  const navigate = useNavigate();
  const draft = useOnboardingDraft((s) => s.draft);
  const update = useOnboardingDraft((s) => s.update);
  const reset = useOnboardingDraft((s) => s.reset);
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (REQUIRED_ADDRESS.some((f) => !draft[f])) return;
    setBusy(true);
    setError(null);
    try {
      const policy = await createPolicy({
        insurer_party_id: draft.insurer_party_id,
        type: draft.insurance_type,
        coverage: draft.insurance_coverage,
        insurer_policy_id: draft.insurer_policy_id,
        number_of_bikes: draft.number_of_bikes,
        bikes: draft.bikes ?? [],
        acknowledgement_privacy: draft.acknowledgement_privacy,
        acknowledgement_data_share: draft.acknowledgement_data_share,
        acknowledgement_ownership_transfer: draft.acknowledgement_ownership_transfer,
        plates_address: {
          name: `${draft.first_name ?? ''} ${draft.last_name ?? ''}`.trim(),
          street: draft.street ?? '',
          floor: draft.floor || undefined,
          side: draft.side || undefined,
          door: draft.door || undefined,
          zip_code: draft.zip_code ?? '',
          city: draft.city ?? '',
        },
      });
      reset();
      await refreshQueries(['insurance-policies']);
      navigate(`${policyPath(policy, '/hub')}?welcome=1`);
    } catch (err) {
      const outcome = readApiError(err, t);
      if (outcome.kind === 'redirect') navigate(outcome.to);
      else if (outcome.kind === 'message') setError(outcome.text);
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <p>{t('onboarding.shippingLead', { count: draft.number_of_bikes ?? 0 })}</p>
      {error && <Alert>{error}</Alert>}
      <div className="policy-address">
        {ADDRESS_FIELDS.map((field) => (
          <TextField
            key={field}
            label={t(`address.${field}`)}
            value={draft[field] ?? ''}
            onChange={(e) => update({ [field]: e.target.value })}
            error={tried && (REQUIRED_ADDRESS as readonly string[]).includes(field) && !draft[field] ? t('onboarding.required') : undefined}
            required={(REQUIRED_ADDRESS as readonly string[]).includes(field)}
            inputMode={field === 'zip_code' || field === 'mobile' ? 'numeric' : undefined}
            type={field === 'email' ? 'email' : 'text'}
          />
        ))}
      </div>
      <div className="actions">
        <Button type="submit" busy={busy}>
          {t('onboarding.finish')}
        </Button>
        <Link to={stepPath('insurance-details')} className="btn btn-secondary">
          {t('onboarding.back')}
        </Link>
      </div>
    </form>
  );
}
