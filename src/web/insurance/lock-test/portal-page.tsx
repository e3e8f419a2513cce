import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { type Bike, LOCK_TYPES } from '../../../domain/bikes';
import { lockTestAutofill } from '../../../domain/insurance-autofill';
import type { LockTest } from '../../../domain/insurance-evidence';
import { bikeName } from '../../bikes/bike-terms';
import { useMyBikes } from '../../bikes/bikes-api';
import { readApiError } from '../../lib/errors';
import { formatDate } from '../../lib/intl';
import { useProfile } from '../../lib/profile';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CheckboxField, SelectField, TextField } from '../../ui/field';
import { LoadError } from '../../ui/load-error';
import { PageTitle } from '../../ui/page';
import { Loading } from '../../ui/spinner';
import { useEvidencePages, useSubmitLockTest } from '../evidence-api';
import { MoreEvidence } from '../evidence-more';
import { EvidenceUpload, StatusLabel, type UploadedFile } from '../evidence-parts';
import { refusal } from '../gate';

export const lockTestPath = (insurerPartyId: string, id: string) =>
  `/insurance/${encodeURIComponent(insurerPartyId)}/lock-test-portal/${encodeURIComponent(id)}`;

/**
 * /insurance/{insurerPartyId}/lock-test-portal: an owner answers the insurer's lock test for a bike (email and
 * policy from the §3 lock-test autofill in the URL); the insurer's members see the answers waiting for them.
 */
export function LockTestPortalPage() {
  const { t } = useTranslation('insurance-evidence');
  const { insurerPartyId = '' } = useParams();
  const tests = useEvidencePages(insurerPartyId, 'lock-tests', undefined);
  if (tests.isPending) return <Loading />;
  if (!tests.data) return refusal(tests.error) ?? <LoadError error={tests.error} onRetry={() => void tests.refetch()} />;
  const asInsurer = tests.data.pages[0]?.as_insurer ?? false;
  return (
    <div className="evidence-page">
      <PageTitle>{asInsurer ? t('lock.insurerTitle') : t('lock.title')}</PageTitle>
      {!asInsurer && <LockTestForm insurerPartyId={insurerPartyId} />}
      <section className="evidence-mine" aria-labelledby="lock-list">
        <h2 id="lock-list">{asInsurer ? t('lock.insurerListTitle') : t('lock.mineTitle')}</h2>
        <LockTestList insurerPartyId={insurerPartyId} items={tests.data.pages.flatMap((page) => page.items)} />
        <MoreEvidence list={tests} />
      </section>
    </div>
  );
}

function LockTestList({ insurerPartyId, items }: { insurerPartyId: string; items: LockTest[] }) {
  const { t, i18n } = useTranslation(['insurance-evidence', 'bike-terms']);
  if (items.length === 0) return <p className="muted">{t('lock.none')}</p>;
  return (
    <ul className="evidence-list">
      {items.map((test) => (
        <li key={test.id}>
          <Link to={lockTestPath(insurerPartyId, test.id)}>
            {t(`bike-terms:lock.${test.lock_type}`, { defaultValue: test.lock_type })} · {test.brand}
            {test.bike?.frame_number ? ` · ${test.bike.frame_number}` : ''}
          </Link>
          <span className="muted">{formatDate(test.created_at, i18n.resolvedLanguage)}</span>
          <StatusLabel status={test.status} />
        </li>
      ))}
    </ul>
  );
}

const TEXT_FIELDS = ['brand', 'model', 'key_number', 'varefakta_number'] as const;

function LockTestForm({ insurerPartyId }: { insurerPartyId: string }) {
  const { t } = useTranslation(['insurance-evidence', 'bike-terms']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const autofill = useMemo(() => lockTestAutofill(params.entries()), [params]);
  const bikes = useMyBikes();
  const profile = useProfile();
  const submit = useSubmitLockTest(insurerPartyId);
  const [bikeId, setBikeId] = useState(params.get('bike') ?? '');
  const [policyId, setPolicyId] = useState(autofill.policy_id ?? '');
  const [email, setEmail] = useState(autofill.email ?? '');
  const [lockType, setLockType] = useState('');
  const [text, setText] = useState<Record<(typeof TEXT_FIELDS)[number], string>>({
    brand: '',
    model: '',
    key_number: '',
    varefakta_number: '',
  });
  const [certificateDate, setCertificateDate] = useState('');
  const [frameNumberMatches, setFrameNumberMatches] = useState(false);
  const [stampedByDealer, setStampedByDealer] = useState(false);
  const [certificate, setCertificate] = useState<UploadedFile | null>(null);

  const profileFilled = useRef(false);
  useEffect(() => {
    if (!profile.data || profileFilled.current) return;
    profileFilled.current = true;
    const known = profile.data.email;
    setEmail((e) => e || known);
  }, [profile.data]);
  const list = bikes.data ?? [];
  useEffect(() => {
    if (bikeId === '' && list.length === 1 && list[0]) setBikeId(list[0].id);
  }, [bikeId, list]);

  const failure = submit.isError ? readApiError(submit.error, t) : null;
  const fieldError = (name: string) => (failure?.kind === 'message' && failure.field === name ? failure.text : undefined);

  if (bikes.isPending) return <Loading />;
  if (list.length === 0) {
    return (
      <Alert tone="info" title={t('possession.noBikesTitle')}>
        <p>{t('possession.noBikes')}</p>
        <Link to="/app/register-bike">{t('possession.register')}</Link>
      </Alert>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const orNull = (value: string) => (value.trim() === '' ? null : value);
    submit.mutate(
      {
        bike_id: bikeId,
        policy_id: orNull(policyId),
        email,
        lock_type: lockType as (typeof LOCK_TYPES)[number],
        brand: text.brand,
        model: orNull(text.model),
        key_number: orNull(text.key_number),
        varefakta_number: orNull(text.varefakta_number),
        certificate_date: orNull(certificateDate),
        frame_number_matches: frameNumberMatches,
        stamped_by_dealer: stampedByDealer,
        certificate_document_id: certificate?.id ?? '',
      },
      { onSuccess: (created) => navigate(lockTestPath(insurerPartyId, created.id)) },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <p>{t('lock.lead')}</p>
      <section aria-labelledby="lock-bike">
        <h2 id="lock-bike">{t('lock.bikeTitle')}</h2>
        <SelectField
          label={t('possession.bike')}
          value={bikeId}
          onChange={(e) => {
            setBikeId(e.target.value);
            setCertificate(null);
          }}
          placeholder={t('possession.chooseBike')}
          options={list.map((b: Bike) => ({ value: b.id, label: bikeName(b, t) }))}
          error={fieldError('bike_id')}
        />
        <div className="evidence-grid">
          <TextField
            label={t('contact.policy_id')}
            value={policyId}
            onChange={(e) => setPolicyId(e.target.value)}
            error={fieldError('policy_id')}
          />
          <TextField
            label={t('contact.email')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={fieldError('email')}
          />
        </div>
      </section>
      <section aria-labelledby="lock-lock">
        <h2 id="lock-lock">{t('lock.lockTitle')}</h2>
        <SelectField
          label={t('lock.lock_type')}
          value={lockType}
          onChange={(e) => setLockType(e.target.value)}
          placeholder={t('lock.chooseType')}
          options={LOCK_TYPES.map((type) => ({ value: type, label: t(`bike-terms:lock.${type}`) }))}
          error={fieldError('lock_type')}
        />
        <div className="evidence-grid">
          {TEXT_FIELDS.map((name) => (
            <TextField
              key={name}
              label={t(`lock.${name}`)}
              value={text[name]}
              onChange={(e) => setText((x) => ({ ...x, [name]: e.target.value }))}
              error={fieldError(name)}
            />
          ))}
          <TextField
            label={t('lock.certificate_date')}
            type="date"
            value={certificateDate}
            onChange={(e) => setCertificateDate(e.target.value)}
            error={fieldError('certificate_date')}
          />
        </div>
        <CheckboxField
          label={t('lock.frame_number_matches')}
          checked={frameNumberMatches}
          onChange={(e) => setFrameNumberMatches(e.target.checked)}
        />
        <CheckboxField
          label={t('lock.stamped_by_dealer')}
          checked={stampedByDealer}
          onChange={(e) => setStampedByDealer(e.target.checked)}
        />
        <EvidenceUpload
          bikeId={bikeId}
          what={{ document: 'lock_certificate' }}
          label={t('lock.certificate')}
          value={certificate}
          onUploaded={setCertificate}
          error={fieldError('certificate_document_id')}
        />
      </section>
      {failure?.kind === 'message' && <Alert>{failure.text}</Alert>}
      <Button type="submit" busy={submit.isPending}>
        {t('lock.submit')}
      </Button>
    </form>
  );
}
