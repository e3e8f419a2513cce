import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { frameNumberHints, normaliseFrameNumber } from '../../domain/bikes/frame-number';
import { normalisePlateId } from '../../domain/bikes/plate-id';
import type { CheckResult, PossessionReview, ReviewCheck, ReviewChecks } from '../../domain/possession-review';
import { hintText } from '../bikes/bike-terms';
import { formatDate } from '../lib/intl';
import { type PlateReading, readPlateFromPhoto } from '../register/plate-reader';
import { Button } from '../ui/button';
import { Kbd } from './insurance-verification-shortcuts';

// The three comparing steps of a review: the frame number (its picture beside the registered and the typed number,
// in the domain's normal form, with the §5 plausibility hints), the plate (read from its picture with the register
// flow's QR reader, beside the bike's plates) and the receipt (beside the purchase date and price registered and
// declared for the policy). Each asks the reviewer what they see; the answers go with the decision.

export interface StepProps {
  review: PossessionReview;
  checks: ReviewChecks;
  answer: (check: ReviewCheck, result: CheckResult) => void;
  readOnly: boolean;
  /** The question M and D answer now. */
  firstOpen: ReviewCheck | undefined;
}

function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <dl className="review-facts">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Whether two values agree, said in words (never by colour alone). */
function Agreement({ agrees, yes, no }: { agrees: boolean; yes: string; no: string }) {
  return (
    <p className={agrees ? 'review-agree' : 'review-disagree'}>
      <span aria-hidden="true">{agrees ? '✓ ' : '✗ '}</span>
      {agrees ? yes : no}
    </p>
  );
}

function Question({
  check,
  label,
  result,
  answer,
  readOnly,
  keys,
  canBeMissing,
}: {
  check: ReviewCheck;
  label: string;
  result: CheckResult | undefined;
  answer: StepProps['answer'];
  readOnly: boolean;
  /** M and D answer this question now. */
  keys: boolean;
  canBeMissing: boolean;
}) {
  const { t } = useTranslation('backoffice-verification');
  if (readOnly) {
    return (
      <p className="review-question-read">
        {label} <strong>{result ? t(`results.${result}`) : t('results.none')}</strong>
      </p>
    );
  }
  const choice = (value: CheckResult, key: string | null) => (
    <Button
      variant={result === value ? 'primary' : 'secondary'}
      aria-pressed={result === value}
      aria-keyshortcuts={keys && key ? key : undefined}
      onClick={() => answer(check, value)}
    >
      {t(`answers.${value}`)}
      {keys && key && <Kbd>{key}</Kbd>}
    </Button>
  );
  return (
    <fieldset className="review-question">
      <legend>{label}</legend>
      <div className="review-choices">
        {choice('matches', 'M')}
        {choice('differs', 'D')}
        {canBeMissing && choice('missing', null)}
      </div>
    </fieldset>
  );
}

function Picture({ image, label }: { image: { url: string } | null; label: string }) {
  const { t } = useTranslation('backoffice-verification');
  if (!image) return <p className="muted">{t('noPicture')}</p>;
  return (
    <figure className="review-picture">
      <a href={image.url} target="_blank" rel="noreferrer">
        <img src={image.url} alt={label} />
      </a>
      <figcaption>{label}</figcaption>
    </figure>
  );
}

const mono = (value: string | null, none: string) => (value ? <span className="review-mono">{value}</span> : none);

export function FrameNumberStep({ review, checks, answer, readOnly, firstOpen }: StepProps) {
  const { t } = useTranslation(['backoffice-verification', 'bike-terms']);
  const v = review.verification;
  const registered = v.bike.frame_number;
  const agrees = registered !== null && normaliseFrameNumber(registered) === normaliseFrameNumber(v.frame_number);
  const hints = registered
    ? frameNumberHints(registered, { brandId: review.bike.brand_id, productionYear: review.bike.production_year })
    : [];
  return (
    <div className="review-compare">
      <Picture image={v.frame_number_picture} label={t('frame.picture')} />
      <div>
        <Facts
          facts={[
            [t('frame.registered'), mono(registered, '—')],
            [t('frame.registeredNormal'), mono(registered ? normaliseFrameNumber(registered) : null, '—')],
            [t('frame.given'), mono(v.frame_number, '—')],
            [t('frame.givenNormal'), mono(normaliseFrameNumber(v.frame_number), '—')],
          ]}
        />
        {registered && <Agreement agrees={agrees} yes={t('frame.agree')} no={t('frame.disagree')} />}
        <h3>{t('frame.hints')}</h3>
        {hints.length === 0 ? (
          <p className="muted">{t('frame.noHints')}</p>
        ) : (
          <ul>
            {hints.map((hint) => (
              <li key={hint.code}>{hintText(hint, t, review.bike.brand_id)}</li>
            ))}
          </ul>
        )}
        <Question
          check="frame_number"
          label={t('frame.question')}
          result={checks.frame_number}
          answer={answer}
          readOnly={readOnly}
          keys={firstOpen === 'frame_number'}
          canBeMissing={!v.frame_number_picture}
        />
      </div>
    </div>
  );
}

type Reading = { state: 'reading' } | ({ state: 'read' } & PlateReading);

/** The plate in the picture, read in the browser with the same reader as the register flow. */
function usePlateReading(url: string | null): Reading | null {
  const [reading, setReading] = useState<Reading | null>(url ? { state: 'reading' } : null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    setReading({ state: 'reading' });
    fetch(url)
      .then((response) => (response.ok ? response.blob() : Promise.reject(new Error(String(response.status)))))
      .then(readPlateFromPhoto)
      .then(
        (result) => live && setReading({ state: 'read', ...result }),
        () => live && setReading({ state: 'read', kind: 'failed' }),
      );
    return () => {
      live = false;
    };
  }, [url]);
  return reading;
}

export function PlateStep({ review, checks, answer, readOnly, firstOpen }: StepProps) {
  const { t } = useTranslation('backoffice-verification');
  const v = review.verification;
  const reading = usePlateReading(v.plate_picture?.url ?? null);
  const bikePlates = v.bike_plate_ids.map(normalisePlateId);
  const read = reading?.state === 'read' && reading.kind === 'plate' ? reading.plateId : null;
  const readText =
    reading === null ? (
      t('plate.noPicture')
    ) : reading.state === 'reading' ? (
      t('plate.reading')
    ) : reading.kind === 'plate' ? (
      <span className="review-mono">{reading.plateId}</span>
    ) : (
      t(`plate.${reading.kind}`)
    );
  return (
    <div className="review-compare">
      <Picture image={v.plate_picture} label={t('plate.picture')} />
      <div>
        <Facts
          facts={[
            [
              t('plate.read'),
              <span role="status" key="read">
                {readText}
              </span>,
            ],
            [t('plate.given'), mono(v.plate_id, t('plate.noneGiven'))],
            [
              t('plate.bikePlates'),
              bikePlates.length > 0 ? (
                <span key="plates" className="review-mono">
                  {bikePlates.join(', ')}
                </span>
              ) : (
                t('plate.none')
              ),
            ],
          ]}
        />
        {read && <Agreement agrees={bikePlates.includes(normalisePlateId(read))} yes={t('plate.agree')} no={t('plate.disagree')} />}
        <Question
          check="plate"
          label={t('plate.question')}
          result={checks.plate}
          answer={answer}
          readOnly={readOnly}
          keys={firstOpen === 'plate'}
          canBeMissing={!v.plate_picture || !v.plate_id}
        />
      </div>
    </div>
  );
}

export function ReceiptStep({ review, checks, answer, readOnly, firstOpen }: StepProps) {
  const { t, i18n } = useTranslation('backoffice-verification');
  const receipt = review.verification.receipt;
  const language = i18n.resolvedLanguage;
  const price = (kr: number | null) =>
    kr === null
      ? t('receipt.notGiven')
      : new Intl.NumberFormat(language, { style: 'currency', currency: 'DKK', maximumFractionDigits: 0 }).format(kr);
  const date = (value: string | null) => (value ? formatDate(value, language) : t('receipt.notGiven'));
  const declared = review.policy?.declared ?? [];
  return (
    <div className="review-compare">
      <div>
        {receipt ? (
          <>
            {receipt.content_type.startsWith('image/') && (
              <figure className="review-picture">
                <img src={receipt.url} alt={t('receipt.picture')} />
              </figure>
            )}
            <p>
              <a href={receipt.url} target="_blank" rel="noreferrer">
                {t('receipt.open', { name: receipt.file_name })}
              </a>
            </p>
          </>
        ) : (
          <p className="muted">{t('receipt.none')}</p>
        )}
      </div>
      <div>
        <Facts
          facts={[
            [t('receipt.purchaseDate'), date(review.bike.purchase_date)],
            [t('receipt.price'), price(review.bike.price_dkk)],
            ...(review.policy
              ? ([[t('receipt.policy'), `${review.policy.insurer_policy_id} · ${review.policy.coverage}`]] as [string, ReactNode][])
              : []),
            ...declared.map(
              (d, i) => [t('receipt.declared', { n: i + 1 }), `${date(d.purchase_date)} · ${price(d.price_dkk)}`] as [string, ReactNode],
            ),
          ]}
        />
        <Question
          check="purchase_date"
          label={t('receipt.dateQuestion')}
          result={checks.purchase_date}
          answer={answer}
          readOnly={readOnly}
          keys={firstOpen === 'purchase_date'}
          canBeMissing
        />
        <Question
          check="price"
          label={t('receipt.priceQuestion')}
          result={checks.price}
          answer={answer}
          readOnly={readOnly}
          keys={firstOpen === 'price'}
          canBeMissing
        />
      </div>
    </div>
  );
}
