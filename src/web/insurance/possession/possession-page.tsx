import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Bike } from '../../../domain/bikes';
import { verificationAutofill } from '../../../domain/insurance-autofill';
import type { PossessionVerification } from '../../../domain/insurance-evidence';
import { bikeName } from '../../bikes/bike-terms';
import { useMyBikes } from '../../bikes/bikes-api';
import { readApiError } from '../../lib/errors';
import { useProfile } from '../../lib/profile';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { SelectField, TextField } from '../../ui/field';
import { LoadError } from '../../ui/load-error';
import { PageTitle } from '../../ui/page';
import { Loading } from '../../ui/spinner';
import { useEvidencePages, useSubmitPossession } from '../evidence-api';
import { MoreEvidence } from '../evidence-more';
import { EvidenceUpload, fillEmpty, StatusLabel, type UploadedFile } from '../evidence-parts';
import { refusal } from '../gate';

const CONTACT = ['email', 'first_name', 'last_name', 'street', 'zip', 'city', 'floor', 'side', 'door', 'mobile', 'policy_id'] as const;
type Contact = Record<(typeof CONTACT)[number], string>;
const orNull = (value: string) => (value.trim() === '' ? null : value);
const EMPTY_CONTACT = Object.fromEntries(CONTACT.map((k) => [k, ''])) as Contact;

/**
 * /insurance/{insurerPartyId}/verify-bike-possession: the owner picks their bike (or ?bike= names it), gives its frame
 * number and plate, uploads a picture of each and the receipt, and their contact details, prefilled from the §3
 * verification autofill in the URL and then from the profile. Below: their submissions and how they went.
 */
export function PossessionPage() {
  const { t } = useTranslation(['insurance-evidence', 'bike-terms']);
  const { insurerPartyId = '' } = useParams();
  const [params] = useSearchParams();
  const autofill = useMemo(() => verificationAutofill(params.entries()), [params]);
  const bikes = useMyBikes();
  const profile = useProfile();
  const mine = useEvidencePages(insurerPartyId, 'possession-verifications', undefined);
  const submit = useSubmitPossession(insurerPartyId);

  const [bikeId, setBikeId] = useState(params.get('bike') ?? '');
  const [frameNumber, setFrameNumber] = useState(autofill.frame_number ?? '');
  const [plateId, setPlateId] = useState('');
  const [contact, setContact] = useState<Contact>(() => fillEmpty(EMPTY_CONTACT, autofill));
  const [files, setFiles] = useState<Record<'frame' | 'plate' | 'receipt', UploadedFile | null>>({
    frame: null,
    plate: null,
    receipt: null,
  });
  const [sent, setSent] = useState<PossessionVerification | null>(null);

  // The profile fills what the URL left empty, once.
  const profileFilled = useRef(false);
  useEffect(() => {
    if (!profile.data || profileFilled.current) return;
    profileFilled.current = true;
    const p = profile.data;
    setContact((c) =>
      fillEmpty(c, {
        email: p.email,
        first_name: p.first_name,
        last_name: p.last_name,
        street: p.street,
        zip: p.zip_code,
        city: p.city,
        floor: p.floor,
        side: p.side,
        door: p.door,
        mobile: p.mobile,
      }),
    );
  }, [profile.data]);

  // The only bike is chosen at once; a chosen bike fills the frame number and plate still empty.
  const list = bikes.data ?? [];
  useEffect(() => {
    if (bikeId === '' && list.length === 1 && list[0]) setBikeId(list[0].id);
  }, [bikeId, list]);
  const bike = list.find((b) => b.id === bikeId) ?? null;
  const filledFor = useRef('');
  useEffect(() => {
    if (!bike || filledFor.current === bike.id) return;
    filledFor.current = bike.id;
    setFrameNumber((f) => f || bike.frame_number || '');
    setPlateId((p) => p || bike.bikekey_id || '');
  }, [bike]);

  const failure = submit.isError ? readApiError(submit.error, t) : null;
  const fieldError = (name: string) => (failure?.kind === 'message' && failure.field === name ? failure.text : undefined);

  if (mine.isPending || bikes.isPending) return <Loading />;
  if (!mine.data) return refusal(mine.error) ?? <LoadError error={mine.error} onRetry={() => void mine.refetch()} />;
  const asInsurer = mine.data.pages[0]?.as_insurer ?? false;
  const submissions = mine.data.pages.flatMap((page) => page.items);

  const chooseBike = (id: string) => {
    setBikeId(id);
    setFiles({ frame: null, plate: null, receipt: null });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit.mutate(
      {
        bike_id: bikeId,
        frame_number: frameNumber,
        plate_id: plateId || null,
        frame_number_picture_id: files.frame?.id ?? '',
        plate_picture_id: files.plate?.id ?? null,
        receipt_document_id: files.receipt?.id ?? '',
        details: {
          email: contact.email,
          first_name: contact.first_name,
          last_name: contact.last_name,
          street: orNull(contact.street),
          zip: orNull(contact.zip),
          city: orNull(contact.city),
          floor: orNull(contact.floor),
          side: orNull(contact.side),
          door: orNull(contact.door),
          mobile: orNull(contact.mobile),
          policy_id: orNull(contact.policy_id),
        },
      },
      { onSuccess: (created) => setSent(created) },
    );
  };
  const setField = (name: keyof Contact) => (event: { target: { value: string } }) =>
    setContact((c) => ({ ...c, [name]: event.target.value }));

  return (
    <div className="evidence-page">
      <PageTitle>{t('possession.title')}</PageTitle>
      {sent ? (
        <Alert tone="success" title={t('possession.sentTitle')}>
          {t('possession.sent')}
        </Alert>
      ) : list.length === 0 ? (
        <Alert tone="info" title={t('possession.noBikesTitle')}>
          <p>{t('possession.noBikes')}</p>
          <Link to="/app/register-bike">{t('possession.register')}</Link>
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <p>{t('possession.lead')}</p>
          <section aria-labelledby="possession-bike">
            <h2 id="possession-bike">{t('possession.bikeTitle')}</h2>
            <SelectField
              label={t('possession.bike')}
              value={bikeId}
              onChange={(e) => chooseBike(e.target.value)}
              placeholder={t('possession.chooseBike')}
              options={list.map((b: Bike) => ({ value: b.id, label: bikeName(b, t) }))}
              error={fieldError('bike_id')}
            />
            <div className="evidence-grid">
              <TextField
                label={t('possession.frameNumber')}
                value={frameNumber}
                onChange={(e) => setFrameNumber(e.target.value)}
                error={fieldError('frame_number')}
                autoComplete="off"
              />
              <TextField
                label={t('possession.plateId')}
                value={plateId}
                onChange={(e) => setPlateId(e.target.value)}
                error={fieldError('plate_id')}
                autoComplete="off"
                hint={t('possession.plateHint')}
              />
            </div>
          </section>
          <section aria-labelledby="possession-files">
            <h2 id="possession-files">{t('possession.filesTitle')}</h2>
            <EvidenceUpload
              bikeId={bikeId}
              what={{ picture: 'frame_number' }}
              label={t('possession.framePicture')}
              value={files.frame}
              onUploaded={(f) => setFiles((x) => ({ ...x, frame: f }))}
              error={fieldError('frame_number_picture_id')}
            />
            <EvidenceUpload
              bikeId={bikeId}
              what={{ picture: 'plate' }}
              label={t('possession.platePicture')}
              value={files.plate}
              onUploaded={(f) => setFiles((x) => ({ ...x, plate: f }))}
              error={fieldError('plate_picture_id')}
            />
            <EvidenceUpload
              bikeId={bikeId}
              what={{ document: 'receipt' }}
              label={t('possession.receipt')}
              value={files.receipt}
              onUploaded={(f) => setFiles((x) => ({ ...x, receipt: f }))}
              error={fieldError('receipt_document_id')}
            />
          </section>
          <section aria-labelledby="possession-contact">
            <h2 id="possession-contact">{t('possession.contactTitle')}</h2>
            <div className="evidence-grid">
              {CONTACT.map((name) => (
                <TextField
                  key={name}
                  name={name}
                  label={t(`contact.${name}`)}
                  value={contact[name]}
                  onChange={setField(name)}
                  error={fieldError(`details.${name}`)}
                  type={name === 'email' ? 'email' : name === 'mobile' ? 'tel' : 'text'}
                />
              ))}
            </div>
          </section>
          {failure?.kind === 'message' && <Alert>{failure.text}</Alert>}
          <Button type="submit" busy={submit.isPending}>
            {t('possession.submit')}
          </Button>
        </form>
      )}
      <section className="evidence-mine" aria-labelledby="possession-mine">
        <h2 id="possession-mine">{asInsurer ? t('possession.insurerListTitle') : t('possession.mineTitle')}</h2>
        {submissions.length === 0 ? (
          <p className="muted">{t('possession.none')}</p>
        ) : (
          <ul className="evidence-list">
            {submissions.map((v) => (
              <li key={v.id}>
                <span>
                  {[v.bike.brand, v.bike.model].filter(Boolean).join(' ') || t('bike-terms:unnamed')} · {v.frame_number}
                </span>
                <StatusLabel status={v.status} />
                {v.rejection_reason && <span className="muted">{t('reason', { reason: v.rejection_reason })}</span>}
              </li>
            ))}
          </ul>
        )}
        <MoreEvidence list={mine} />
      </section>
    </div>
  );
}
