import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { EVIDENCE_STATUSES, type EvidenceStatus, type PossessionVerification } from '../../domain/insurance-evidence';
import { formatDate } from '../lib/intl';
import { NotFoundPage } from '../public/not-found-page';
import { Alert } from '../ui/alert';
import { SelectField } from '../ui/field';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { type EvidenceKind, useEvidencePages, usePossessionVerification } from './evidence-api';
import { MoreEvidence } from './evidence-more';
import { StatusLabel } from './evidence-parts';
import { adminPath, errorCode, Refused, refusal } from './gate';
import { lockTestPath } from './lock-test/portal-page';
import './evidence.css';

// The insurer's members' view of the owners' evidence: /insurance/{id}/admin/possession (the proofs of possession,
// each read-only at /admin/possession/{id}; staff review them) and /admin/lock-tests (each opens the lock test's
// review page, /lock-test-portal/{id}). The status filter is kept in the address (?status=); pages of 20.

export const possessionListPath = (insurerPartyId: string) => `${adminPath(insurerPartyId)}/possession`;
const possessionPath = (insurerPartyId: string, id: string) => `${possessionListPath(insurerPartyId)}/${encodeURIComponent(id)}`;
export const lockTestListPath = (insurerPartyId: string) => `${adminPath(insurerPartyId)}/lock-tests`;

const bikeNameOf = (bike: { brand: string | null; model: string | null }) => [bike.brand, bike.model].filter(Boolean).join(' ');

/** /insurance/{insurerPartyId}/admin/possession */
export function PossessionListPage() {
  return <EvidenceListPage kind="possession-verifications" />;
}

/** /insurance/{insurerPartyId}/admin/lock-tests */
export function LockTestListPage() {
  return <EvidenceListPage kind="lock-tests" />;
}

function EvidenceListPage({ kind }: { kind: EvidenceKind }) {
  const { t, i18n } = useTranslation(['insurance-evidence', 'bike-terms']);
  const { insurerPartyId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const given = params.get('status') ?? '';
  const status = (EVIDENCE_STATUSES as readonly string[]).includes(given) ? (given as EvidenceStatus) : undefined;
  const list = useEvidencePages(insurerPartyId, kind, status);
  const name = kind === 'lock-tests' ? 'lockList' : 'possessionList';

  const content = () => {
    if (list.isPending) return <Loading />;
    if (!list.data)
      return refusal(list.error) ?? <LoadError error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
    const pages = list.data.pages;
    const rows = pages.flatMap((page) =>
      page.items.map((item) => {
        const bike = item.bike;
        const lock =
          'lock_type' in item ? `${t(`bike-terms:lock.${item.lock_type}`, { defaultValue: item.lock_type })} · ${item.brand}` : null;
        const who = 'details' in item ? `${item.details.first_name} ${item.details.last_name}` : item.email;
        return {
          id: item.id,
          to: 'lock_type' in item ? lockTestPath(insurerPartyId, item.id) : possessionPath(insurerPartyId, item.id),
          title: [lock, bike ? bikeNameOf(bike) || t('bike-terms:unnamed') : null, bike?.frame_number].filter(Boolean).join(' · '),
          who,
          created: item.created_at,
          status: item.status,
          reason: item.rejection_reason,
        };
      }),
    );
    return (
      <>
        {rows.length === 0 ? (
          <p className="muted">{t(`${name}.empty`)}</p>
        ) : (
          <ul className="evidence-list">
            {rows.map((row) => (
              <li key={row.id}>
                <span>
                  <Link to={row.to}>{row.title}</Link>
                  <br />
                  <span className="muted">
                    {row.who} · {formatDate(row.created, i18n.resolvedLanguage)}
                  </span>
                </span>
                <span>
                  <StatusLabel status={row.status} />
                  {row.reason && (
                    <>
                      <br />
                      <span className="muted">{t('reason', { reason: row.reason })}</span>
                    </>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
        <MoreEvidence list={list} />
      </>
    );
  };

  // An owner is answered their own; this page is the company's.
  if (list.data && !list.data.pages[0]?.as_insurer) return <Refused />;
  return (
    <div className="evidence-page">
      <p>
        <Link to={adminPath(insurerPartyId)}>
          <span aria-hidden="true">← </span>
          {t('adminList.back')}
        </Link>
      </p>
      <PageTitle>{t(`${name}.title`)}</PageTitle>
      <SelectField
        label={t('adminList.status')}
        value={status ?? ''}
        onChange={(e) => setParams(e.target.value ? { status: e.target.value } : {})}
        options={[{ value: '', label: t('adminList.anyStatus') }, ...EVIDENCE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
      />
      <section aria-label={t(`${name}.title`)}>{content()}</section>
    </div>
  );
}

/** /insurance/{insurerPartyId}/admin/possession/{verificationId}: one proof, read-only (staff review it). */
export function PossessionDetailPage() {
  const { t, i18n } = useTranslation(['insurance-evidence', 'bike-terms']);
  const { insurerPartyId = '', verificationId = '' } = useParams();
  const proof = usePossessionVerification(insurerPartyId, verificationId);
  if (proof.isPending) return <Loading />;
  if (!proof.data) {
    if (errorCode(proof.error) === 'possession_verification_not_found') return <NotFoundPage />;
    return refusal(proof.error) ?? <LoadError error={proof.error} onRetry={() => void proof.refetch()} retrying={proof.isFetching} />;
  }
  const v = proof.data;
  const d = v.details;
  const dash = (value: string | null) => value || '—';
  const address = [d.street, [d.floor, d.side, d.door].filter(Boolean).join(' '), [d.zip, d.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const owner: [string, string][] = [
    [t('possessionDetail.name'), `${d.first_name} ${d.last_name}`],
    [t('contact.email'), d.email],
    [t('contact.mobile'), dash(d.mobile)],
    [t('possessionDetail.address'), dash(address)],
    [t('contact.policy_id'), dash(d.policy_id)],
  ];
  return (
    <div className="evidence-page">
      <p>
        <Link to={possessionListPath(insurerPartyId)}>
          <span aria-hidden="true">← </span>
          {t('possessionList.back')}
        </Link>
      </p>
      <PageTitle>{t('possessionDetail.title')}</PageTitle>
      <p>
        <StatusLabel status={v.status} />{' '}
        <span className="muted">{t('possessionDetail.sentOn', { date: formatDate(v.created_at, i18n.resolvedLanguage) })}</span>
      </p>
      {v.rejection_reason && <Alert tone="warning">{t('reason', { reason: v.rejection_reason })}</Alert>}
      {v.reviewed_at && (
        <p className="muted">{t('possessionDetail.reviewedOn', { date: formatDate(v.reviewed_at, i18n.resolvedLanguage) })}</p>
      )}
      {v.status === 'submitted' && <p className="muted">{t('possessionDetail.staffReview')}</p>}
      <section className="card" aria-labelledby="possession-owner">
        <h2 id="possession-owner">{t('possessionDetail.ownerTitle')}</h2>
        <Facts facts={owner} />
      </section>
      <section className="card" aria-labelledby="possession-bike">
        <h2 id="possession-bike">{t('possessionDetail.bikeTitle')}</h2>
        <Facts facts={[[t('possession.bike'), bikeNameOf(v.bike) || t('bike-terms:unnamed')]]} />
        <Compared
          label={t('possession.frameNumber')}
          given={v.frame_number}
          registered={v.bike.frame_number ? [v.bike.frame_number] : []}
        />
        <Compared label={t('possession.plateId')} given={v.plate_id} registered={v.bike_plate_ids} />
      </section>
      <section className="card" aria-labelledby="possession-files">
        <h2 id="possession-files">{t('possession.filesTitle')}</h2>
        <div className="evidence-pictures">
          <Picture label={t('possession.framePicture')} image={v.frame_number_picture} />
          <Picture label={t('possession.platePicture')} image={v.plate_picture} />
        </div>
        <p>
          {v.receipt ? (
            <a href={v.receipt.url} download={v.receipt.file_name}>
              {t('possessionDetail.downloadReceipt', { name: v.receipt.file_name })}
            </a>
          ) : (
            t('possessionDetail.noReceipt')
          )}
        </p>
      </section>
    </div>
  );
}

function Facts({ facts }: { facts: [string, string][] }) {
  return (
    <dl className="evidence-facts">
      {facts.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What the owner gave beside what the register holds, and whether they agree (frame numbers: case and separators aside). */
function Compared({ label, given, registered }: { label: string; given: string | null; registered: string[] }) {
  const { t } = useTranslation('insurance-evidence');
  const plain = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const matches = given !== null && registered.some((r) => plain(r) === plain(given));
  return (
    <div className="evidence-compared">
      <h3>{label}</h3>
      <Facts
        facts={[
          [t('possessionDetail.given'), given ?? '—'],
          [t('possessionDetail.registered'), registered.length > 0 ? registered.join(', ') : '—'],
        ]}
      />
      {given !== null && registered.length > 0 && (
        <p className={matches ? 'evidence-match' : 'evidence-mismatch'}>
          {matches ? t('possessionDetail.matches') : t('possessionDetail.differs')}
        </p>
      )}
    </div>
  );
}

function Picture({ label, image }: { label: string; image: PossessionVerification['frame_number_picture'] }) {
  const { t } = useTranslation('insurance-evidence');
  return (
    <figure className="evidence-picture">
      {image ? (
        <a href={image.url} target="_blank" rel="noreferrer">
          <img src={image.thumbnail_url} alt={label} loading="lazy" />
        </a>
      ) : (
        <p className="muted">{t('possessionDetail.noPicture')}</p>
      )}
      <figcaption>{label}</figcaption>
    </figure>
  );
}
