import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { EvidenceStatus, InsuredItem, Policy } from '../../../domain/insurance-policies';
import { readApiError } from '../../lib/errors';
import { formatDate } from '../../lib/intl';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CheckboxField, TextField } from '../../ui/field';
import { LoadError } from '../../ui/load-error';
import { FormCard, PageTitle } from '../../ui/page';
import { Loading } from '../../ui/spinner';
import { useOnboardingDraft } from '../onboarding/onboarding-draft';
import {
  createPolicy,
  lookUpPolicy,
  policyPath,
  useInsurers,
  useMyBikeList,
  useMyPolicies,
  usePolicy,
  useUpdatePolicyBikes,
} from './policy-api';
import './policy.css';
import { LegalLinks } from '../../ui/legal-links';

// The owner's side of insurance policies (§2 Insurance area): my insurances, a policy with an insurer (find or
// start it, claim a pre-registered one), its hub (bikes insured, possession and lock status, what is missing)
// and one insured bike.

const ONBOARDING = '/insurance/onboarding/consent';

/** /insurance: my insurances, their status and what is missing; the way into the onboarding. */
export function MyInsurancesPage() {
  const { t } = useTranslation('insurance-policy');
  const policies = useMyPolicies();
  if (policies.isPending) return <Loading />;
  if (!policies.data) return <LoadError error={policies.error} onRetry={() => void policies.refetch()} retrying={policies.isFetching} />;
  const items = policies.data.items;
  return (
    <div className="policy-page">
      <PageTitle>{t('mine.title')}</PageTitle>
      <p className="policy-lead">{t('mine.lead')}</p>
      {items.length === 0 ? (
        <p>{t('mine.empty')}</p>
      ) : (
        <ul className="policy-list">
          {items.map((policy) => (
            <li key={policy.id} className="card">
              <PolicySummary policy={policy} />
              <Link to={policyPath(policy, '/hub')}>{t('mine.open', { number: policy.insurer_policy_id })}</Link>
            </li>
          ))}
        </ul>
      )}
      <div className="actions">
        <Link to={ONBOARDING} className="btn btn-primary">
          {t('mine.start')}
        </Link>
        <Link to="/app/register-bike/pre-registration" className="btn btn-secondary">
          {t('mine.lookup')}
        </Link>
      </div>
    </div>
  );
}

function PolicySummary({ policy }: { policy: Policy }) {
  const { t } = useTranslation('insurance-policy');
  return (
    <>
      <h2>
        {policy.insurer.name} · {t(`type.${policy.type}`)}
      </h2>
      <dl className="policy-facts">
        <dt>{t('policy.number')}</dt>
        <dd>{policy.insurer_policy_id}</dd>
        <dt>{t('policy.status')}</dt>
        <dd>{t(`status.${policy.status}`)}</dd>
        <dt>{t('policy.coverage')}</dt>
        <dd>{t(`coverage.${policy.coverage}`, { defaultValue: policy.coverage })}</dd>
        <dt>{t('policy.bikes')}</dt>
        <dd>{t('policy.bikesInsured', { insured: policy.items.length, count: policy.number_of_bikes })}</dd>
      </dl>
      <Missing policy={policy} />
    </>
  );
}

function Missing({ policy }: { policy: Policy }) {
  const { t } = useTranslation('insurance-policy');
  if (policy.missing.length === 0) return <Alert tone="success">{t('missing.none')}</Alert>;
  return (
    <Alert tone="warning" title={t('missing.title')}>
      <ul className="policy-missing">
        {policy.missing.map((m) => (
          <li key={m}>{t(`missing.${m}`)}</li>
        ))}
      </ul>
    </Alert>
  );
}

/** /insurance/{insurerPartyId}/policy: my policies with this insurer, or find (look up) or start one. */
export function InsurerPolicyPage() {
  const { t } = useTranslation('insurance-policy');
  const { insurerPartyId = '' } = useParams();
  const policies = useMyPolicies();
  const insurers = useInsurers();
  const insurer = insurers.data?.insurers.find((i) => i.party_id === insurerPartyId);
  if (policies.isPending || insurers.isPending) return <Loading />;
  const mine = (policies.data?.items ?? []).filter((p) => p.insurer.party_id === insurerPartyId);
  return (
    <div className="policy-page">
      <PageTitle>{insurer ? t('insurer.title', { company: insurer.name }) : t('insurer.unknownTitle')}</PageTitle>
      {mine.length > 0 && (
        <ul className="policy-list">
          {mine.map((policy) => (
            <li key={policy.id} className="card">
              <PolicySummary policy={policy} />
              <Link to={policyPath(policy, '/hub')}>{t('mine.open', { number: policy.insurer_policy_id })}</Link>
            </li>
          ))}
        </ul>
      )}
      {insurer && (
        <>
          <section className="card" aria-labelledby="lookup-title">
            <h2 id="lookup-title">{t('insurer.lookupTitle')}</h2>
            <p>{t('insurer.lookupBody', { company: insurer.name })}</p>
            <LookupForm insurerPartyId={insurerPartyId} />
          </section>
          <div className="actions">
            <Link to={`/insurance/onboarding/consent?insurer=${encodeURIComponent(insurerPartyId)}`} className="btn btn-secondary">
              {t('insurer.start')}
            </Link>
          </div>
        </>
      )}
    </div>
  );
}

/** The insurer's policy number looked up: a bike policy goes on to personal-info, a contents policy (§8's 400) to contents-signup. */
function LookupForm({ insurerPartyId }: { insurerPartyId: string }) {
  const { t } = useTranslation('insurance-policy');
  const navigate = useNavigate();
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!number.trim()) return setError(t('onboarding.required'));
    setBusy(true);
    setError(null);
    try {
      const found = await lookUpPolicy(insurerPartyId, number.trim());
      navigate(
        `/insurance/${encodeURIComponent(insurerPartyId)}/policy/personal-info?policy=${encodeURIComponent(found.insurer_policy_id)}`,
      );
    } catch (err) {
      const outcome = readApiError(err, t);
      if (outcome.kind === 'redirect') navigate(outcome.to);
      else if (outcome.kind === 'message') setError(outcome.text);
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label={t('onboarding.policyNumber')}
        value={number}
        onChange={(e) => setNumber(e.target.value)}
        error={error ?? undefined}
        autoComplete="off"
        required
      />
      <Button type="submit" busy={busy}>
        {t('insurer.lookup')}
      </Button>
    </form>
  );
}

/**
 * /insurance/{insurerPartyId}/policy/personal-info?policy=: a pre-registered bike policy found; the insurer's
 * details of its customer fill the onboarding draft, which goes on from the policy's type.
 */
export function PersonalInfoPage() {
  const { t } = useTranslation('insurance-policy');
  const { insurerPartyId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const number = params.get('policy') ?? '';
  const update = useOnboardingDraft((s) => s.update);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const go = async () => {
    setBusy(true);
    try {
      const found = await lookUpPolicy(insurerPartyId, number);
      const a = found.autofill;
      update({
        insurer_party_id: found.insurer.party_id,
        policy_id: found.policy_id,
        insurer_policy_id: found.insurer_policy_id,
        insurance_type: found.type,
        insurance_coverage: found.coverage,
        number_of_bikes: found.number_of_bikes,
        first_name: a.first_name,
        last_name: a.last_name,
        email: a.email,
        mobile: a.mobile,
        street: a.street,
        floor: a.floor,
        side: a.side,
        door: a.door,
        zip_code: a.zip_code,
        city: a.city,
        frame_number: a.frame_number,
      });
      navigate(ONBOARDING);
    } catch (err) {
      const outcome = readApiError(err, t);
      if (outcome.kind === 'redirect') navigate(outcome.to);
      else if (outcome.kind === 'message') setError(outcome.text);
      setBusy(false);
    }
  };
  return (
    <FormCard>
      <PageTitle>{t('personal.title')}</PageTitle>
      <p>{t('personal.body', { number })}</p>
      {error && <Alert>{error}</Alert>}
      <div className="actions">
        <Button onClick={() => void go()} busy={busy} disabled={!number}>
          {t('personal.continue')}
        </Button>
        <Link to={`/insurance/${encodeURIComponent(insurerPartyId)}/policy`} className="btn btn-secondary">
          {t('onboarding.back')}
        </Link>
      </div>
    </FormCard>
  );
}

/**
 * /insurance/{insurerPartyId}/policy/contents-signup?policy=: where §8's 400 sends the owner: the insurer has
 * pre-registered a contents policy for them; they claim it (privacy and data share acknowledged), then register.
 */
export function ContentsSignupPage() {
  const { t } = useTranslation('insurance-policy');
  const { insurerPartyId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const insurers = useInsurers();
  const company = insurers.data?.insurers.find((i) => i.party_id === insurerPartyId)?.name ?? '';
  const [number, setNumber] = useState(params.get('policy') ?? '');
  const [privacy, setPrivacy] = useState(false);
  const [share, setShare] = useState(false);
  const [transfer, setTransfer] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const policy = await createPolicy({
        insurer_party_id: insurerPartyId,
        type: 'contents',
        insurer_policy_id: number,
        number_of_bikes: 1,
        acknowledgement_privacy: privacy,
        acknowledgement_data_share: share,
        acknowledgement_ownership_transfer: transfer,
      });
      navigate(policyPath(policy, '/hub'));
    } catch (err) {
      const outcome = readApiError(err, t);
      if (outcome.kind === 'redirect') navigate(outcome.to);
      else if (outcome.kind === 'message') setError(outcome.text);
      setBusy(false);
    }
  };
  return (
    <FormCard>
      <PageTitle>{t('contents.title')}</PageTitle>
      <p>{company ? t('contents.body', { company }) : t('contents.bodyNoName')}</p>
      {error && <Alert>{error}</Alert>}
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('onboarding.policyNumber')}
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          autoComplete="off"
          required
        />
        <CheckboxField label={t('onboarding.ackPrivacy')} checked={privacy} onChange={(e) => setPrivacy(e.target.checked)} />
        <LegalLinks />
        <CheckboxField label={t('onboarding.ackDataShare')} checked={share} onChange={(e) => setShare(e.target.checked)} />
        <CheckboxField label={t('onboarding.ackOwnershipTransfer')} checked={transfer} onChange={(e) => setTransfer(e.target.checked)} />
        <div className="actions">
          <Button type="submit" busy={busy}>
            {t('contents.claim')}
          </Button>
        </div>
      </form>
    </FormCard>
  );
}

function usePolicyOfPage() {
  const { policyId = '' } = useParams();
  return usePolicy(policyId);
}

function PolicyLoad({ children }: { children: (policy: Policy) => React.ReactNode }) {
  const policy = usePolicyOfPage();
  if (policy.isPending) return <Loading />;
  if (!policy.data) return <LoadError error={policy.error} onRetry={() => void policy.refetch()} retrying={policy.isFetching} />;
  return <>{children(policy.data)}</>;
}

/** /insurance/{insurerPartyId}/policy/{policyId}: the policy, and the number of bikes and which are insured. */
export function PolicyPage() {
  return <PolicyLoad>{(policy) => <PolicyDetails policy={policy} />}</PolicyLoad>;
}

function PolicyDetails({ policy }: { policy: Policy }) {
  const { t } = useTranslation('insurance-policy');
  const bikes = useMyBikeList();
  const save = useUpdatePolicyBikes(policy.id);
  const [count, setCount] = useState(policy.number_of_bikes);
  const [chosen, setChosen] = useState(policy.items.map((i) => i.bike_id));
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    save.mutate(
      { number_of_bikes: count, bikes: chosen },
      {
        onSuccess: () => setMessage({ tone: 'success', text: t('policy.saved') }),
        onError: (err) => {
          const outcome = readApiError(err, t);
          setMessage({ tone: 'error', text: outcome.kind === 'message' ? outcome.text : t('errors:server_error') });
        },
      },
    );
  };
  return (
    <div className="policy-page">
      <PageTitle>{t('policy.title', { number: policy.insurer_policy_id })}</PageTitle>
      <section className="card">
        <PolicySummary policy={policy} />
      </section>
      <section className="card" aria-labelledby="policy-bikes-title">
        <h2 id="policy-bikes-title">{t('policy.changeBikes')}</h2>
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
        <form onSubmit={submit} noValidate>
          <TextField
            label={t('onboarding.numberOfBikes')}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            value={count}
            onChange={(e) => setCount(Math.max(0, Math.min(100, Number(e.target.value) || 0)))}
          />
          <fieldset className="policy-choices">
            <legend>{t('onboarding.whichBikes')}</legend>
            {bikes.data?.map((bike) => (
              <CheckboxField
                key={bike.id}
                label={[bike.brand_name ?? bike.brand_id, bike.model, bike.frame_number].filter(Boolean).join(' · ') || bike.id}
                checked={chosen.includes(bike.id)}
                onChange={(e) => setChosen(e.target.checked ? [...chosen, bike.id] : chosen.filter((id) => id !== bike.id))}
              />
            ))}
          </fieldset>
          <div className="actions">
            <Button type="submit" busy={save.isPending}>
              {t('policy.save')}
            </Button>
            <Link to={policyPath(policy, '/hub')} className="btn btn-secondary">
              {t('hub.title')}
            </Link>
          </div>
        </form>
      </section>
    </div>
  );
}

/**
 * /insurance/{insurerPartyId}/policy/{policyId}/hub: the owner's overview: the bikes insured, their possession and
 * lock status with the way to prove each, and what is missing.
 */
export function PolicyHubPage() {
  const { t } = useTranslation('insurance-policy');
  const [params] = useSearchParams();
  return (
    <PolicyLoad>
      {(policy) => (
        <div className="policy-page">
          <PageTitle>{t('hub.title')}</PageTitle>
          {params.get('welcome') && (
            <Alert tone="success" title={t('hub.welcomeTitle')}>
              {policy.plates_shipment ? t('hub.welcomePlates', { count: policy.number_of_bikes }) : t('hub.welcome')}
            </Alert>
          )}
          <section className="card">
            <PolicySummary policy={policy} />
            {policy.plates_shipment && <p>{t(`hub.plates.${policy.plates_shipment.status}`)}</p>}
            <Link to={policyPath(policy)}>{t('hub.change')}</Link>
          </section>
          <PolicyConsents policy={policy} />
          <section aria-labelledby="hub-bikes-title">
            <h2 id="hub-bikes-title">{t('hub.bikes')}</h2>
            {policy.items.length === 0 ? (
              <p>{t('hub.noBikes')}</p>
            ) : (
              <ul className="policy-list">
                {policy.items.map((item) => (
                  <li key={item.id} className="card">
                    <InsuredBike policy={policy} item={item} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </PolicyLoad>
  );
}

/** What the holder acknowledged when taking the policy out, and when (shown only where it was recorded here). */
function PolicyConsents({ policy }: { policy: Policy }) {
  const { t, i18n } = useTranslation('insurance-policy');
  const given = policy.acknowledgements;
  if (!given.privacy_at) return null;
  const insurer = policy.insurer.name;
  return (
    <section className="card" aria-labelledby="hub-consents-title">
      <h2 id="hub-consents-title">{t('hub.consents.title')}</h2>
      <ul className="policy-consents">
        <li>{t('hub.consents.privacyDataShare', { insurer, date: formatDate(given.privacy_at, i18n.language) })}</li>
        <li>
          {given.ownership_transfer_at
            ? t('hub.consents.transfer', { insurer, date: formatDate(given.ownership_transfer_at, i18n.language) })
            : t('hub.consents.noTransfer', { insurer })}
        </li>
      </ul>
    </section>
  );
}

const bikeTitle = (item: InsuredItem) => [item.brand, item.model].filter(Boolean).join(' ') || item.frame_number || item.bike_id;

function EvidenceLine({ label, status }: { label: string; status: EvidenceStatus }) {
  const { t } = useTranslation('insurance-policy');
  return (
    <p>
      {label}: <span className={`policy-status policy-status-${status}`}>{t(`evidence.${status}`)}</span>
    </p>
  );
}

function InsuredBike({ policy, item }: { policy: Policy; item: InsuredItem }) {
  const { t } = useTranslation('insurance-policy');
  const insurer = policy.insurer.party_id;
  const needs = (s: EvidenceStatus) => s === 'missing' || s === 'rejected';
  return (
    <>
      <h3>{bikeTitle(item)}</h3>
      {item.frame_number && <p className="muted">{t('hub.frame', { frame: item.frame_number })}</p>}
      <EvidenceLine label={t('hub.possession')} status={item.possession_status} />
      <EvidenceLine label={t('hub.lock')} status={item.lock_status} />
      <div className="actions">
        {needs(item.possession_status) && (
          <Link
            className="btn btn-primary"
            to={`/insurance/${insurer}/verify-bike-possession/intro?policyId=${encodeURIComponent(policy.insurer_policy_id)}&frameNumber=${encodeURIComponent(item.frame_number ?? '')}`}
          >
            {t('hub.provePossession')}
          </Link>
        )}
        {needs(item.lock_status) && (
          <Link
            className="btn btn-secondary"
            to={`/insurance/${insurer}/lock-test-portal?policyId=${encodeURIComponent(policy.insurer_policy_id)}`}
          >
            {t('hub.lockTest')}
          </Link>
        )}
        <Link to={policyPath(policy, `/bikes/${item.bike_id}/edit-bike`)}>{t('hub.editBike')}</Link>
      </div>
    </>
  );
}

/** /insurance/{insurerPartyId}/policy/{policyId}/bikes/{bikeId}/edit-bike: one insured bike: its evidence, its details, or off the policy. */
export function EditInsuredBikePage() {
  const { t } = useTranslation('insurance-policy');
  const { bikeId = '' } = useParams();
  const navigate = useNavigate();
  return (
    <PolicyLoad>
      {(policy) => {
        const item = policy.items.find((i) => i.bike_id === bikeId);
        if (!item) return <Alert>{t('editBike.notInsured')}</Alert>;
        return <EditInsuredBike policy={policy} item={item} onRemoved={() => navigate(policyPath(policy, '/hub'))} />;
      }}
    </PolicyLoad>
  );
}

function EditInsuredBike({ policy, item, onRemoved }: { policy: Policy; item: InsuredItem; onRemoved: () => void }) {
  const { t } = useTranslation('insurance-policy');
  const save = useUpdatePolicyBikes(policy.id);
  const remove = () =>
    save.mutate(
      { number_of_bikes: policy.number_of_bikes, bikes: policy.items.filter((i) => i.id !== item.id).map((i) => i.bike_id) },
      { onSuccess: onRemoved },
    );
  return (
    <div className="policy-page">
      <PageTitle>{bikeTitle(item)}</PageTitle>
      <section className="card">
        {item.frame_number && <p>{t('hub.frame', { frame: item.frame_number })}</p>}
        <EvidenceLine label={t('hub.possession')} status={item.possession_status} />
        <EvidenceLine label={t('hub.lock')} status={item.lock_status} />
        <p>{t('editBike.details')}</p>
        <div className="actions">
          <Link to={`/app/my-bikes/${item.bike_id}/edit`} className="btn btn-primary">
            {t('editBike.edit')}
          </Link>
          <Button variant="danger" onClick={remove} busy={save.isPending}>
            {t('editBike.remove')}
          </Button>
          <Link to={policyPath(policy, '/hub')} className="btn btn-secondary">
            {t('hub.title')}
          </Link>
        </div>
        {save.isError && <Alert>{t('errors:server_error')}</Alert>}
      </section>
    </div>
  );
}
