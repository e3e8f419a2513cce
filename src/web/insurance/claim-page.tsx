import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ClaimDossier, FraudSignal } from '../../domain/insurance';
import type { ClaimStatus } from '../../domain/insurance-claims';
import { fetchFile } from '../lib/download-file';
import { readApiError } from '../lib/errors';
import { formatDate, formatDateTime, numberFormat } from '../lib/intl';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { DownloadButton } from '../ui/download-button';
import { TextField } from '../ui/field';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { ClaimStatusBadge } from './claim-item';
import { claimsPath, refusal } from './gate';
import { useClaim, useMoveClaim } from './insurance-api';
import { bikeName } from './words';
import './insurance.css';

/** /insurance/{insurerPartyId}/admin/reports/{claimId}: a claim's dossier, its police report and its next steps. */
export function InsuranceClaimPage() {
  const { insurerPartyId = '', claimId = '' } = useParams();
  const claim = useClaim(insurerPartyId, claimId);
  if (claim.isPending) return <Loading />;
  if (!claim.data)
    return refusal(claim.error) ?? <LoadError error={claim.error} onRetry={() => void claim.refetch()} retrying={claim.isFetching} />;
  return <Dossier insurerPartyId={insurerPartyId} claim={claim.data} />;
}

type Fact = [label: string, value: ReactNode];

function Facts({ id, title, facts }: { id: string; title: string; facts: Fact[] }) {
  const { t } = useTranslation('insurance');
  return (
    <section className="insurance-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <dl className="insurance-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value === null || value === '' ? <span className="muted">{t('report.none')}</span> : value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function signalText(t: (key: string, options?: Record<string, unknown>) => string, signal: FraudSignal): string {
  // "0 days before" reads oddly: a bike registered on the day of the theft says so.
  if (signal.code === 'registered_shortly_before_theft' && signal.days === 0) return t('signal.registered_same_day');
  return t(`signal.${signal.code}`, { days: signal.days, count: signal.count ?? 0 });
}

function Dossier({ insurerPartyId, claim }: { insurerPartyId: string; claim: ClaimDossier }) {
  const { t, i18n } = useTranslation(['insurance', 'bike-terms']);
  const language = i18n.resolvedLanguage;
  const date = (iso: string | null) => (iso ? formatDate(iso, language) : null);
  const yes = (v: boolean) => (v ? t('report.yes') : t('report.no'));
  const { report, bike, owner } = claim;
  const a = report.owner_address;
  const unit = [a.floor, a.side, a.door].filter(Boolean).join(' ');
  const address = [[a.street_address, unit].filter(Boolean).join(', '), `${a.zip_code} ${a.city}`].join(', ');

  return (
    <div className="insurance-page">
      <p>
        <Link to={claimsPath(insurerPartyId)}>← {t('report.back')}</Link>
      </p>
      <PageTitle>{bikeName(claim, t('bike.unnamed'))}</PageTitle>
      <p className="insurance-report-line">
        <ClaimStatusBadge status={claim.status} /> {t('claim.arrived', { date: date(claim.created_at) })}
        {report.found_at && ` · ${t('claim.foundOn', { date: date(report.found_at) })}`}
      </p>
      {claim.rejection_reason && <Alert tone="info">{t('claim.rejectedBecause', { reason: claim.rejection_reason })}</Alert>}
      {claim.ownership_transferred_at && (
        <Alert tone="success">{t('claim.transferred', { date: date(claim.ownership_transferred_at) })}</Alert>
      )}
      <Steps insurerPartyId={insurerPartyId} claim={claim} />

      <section className="insurance-section" aria-labelledby="insurance-signals">
        <h2 id="insurance-signals">{t('claim.signalsTitle')}</h2>
        {claim.fraud_signals.length === 0 ? (
          <p>{t('claim.noSignals')}</p>
        ) : (
          <ul className="insurance-signals">
            {claim.fraud_signals.map((s) => (
              <li key={s.code}>{signalText(t, s)}</li>
            ))}
          </ul>
        )}
      </section>

      <Facts
        id="insurance-theft"
        title={t('report.theftTitle')}
        facts={[
          [t('claim.registered'), bike ? date(bike.registered_at) : null],
          [t('report.lastSeen'), formatDateTime(report.time_last_seen, language)],
          [t('report.noted'), formatDateTime(claim.stolen_at, language)],
          [t('claim.reported'), formatDateTime(report.reported_at, language)],
          [t('report.place'), report.place],
          [t('report.lock'), t(`lock.${report.lock_status}`)],
          [t('report.value'), t('report.price', { price: numberFormat(language, {}).format(claim.bike_price) })],
          [t('report.culpritInfo'), report.culprit_info],
          [t('report.witnesses'), report.witnesses],
          [t('report.policeReport'), <PoliceReport key="pdf" url={report.police_report_url} claimId={claim.id} />],
        ]}
      />
      <Facts
        id="insurance-bike"
        title={t('report.bikeTitle')}
        facts={[
          [t('report.frameNumber'), claim.frame_number],
          [t('claim.frameMatches'), bike ? yes(bike.frame_number_matches) : null],
          [t('claim.plates'), bike?.plates.join(', ') ?? null],
          [t('claim.possession'), bike ? t(`evidence.${bike.possession_status}`) : null],
          [t('claim.lockTest'), bike ? t(`evidence.${bike.lock_test_status}`) : null],
          [
            t('claim.documents'),
            bike && bike.documents.length > 0 ? (
              <ul key="docs" className="insurance-plain">
                {bike.documents.map((d) => (
                  <li key={d.url}>
                    {/* A signed address: a document downloads, a receipt picture opens beside the dossier. */}
                    <a href={d.url} target="_blank" rel="noreferrer">
                      {t(`document.${d.kind}`)}
                      {d.name && ` · ${d.name}`}
                    </a>{' '}
                    · {date(d.added_at)}
                  </li>
                ))}
              </ul>
            ) : null,
          ],
          [t('report.category'), t(`bike-terms:category.${report.bike_category}`, { defaultValue: report.bike_category })],
          [t('report.color'), t(`bike-terms:color.${report.bike_color}`, { defaultValue: report.bike_color })],
          [t('report.electric'), yes(report.is_electric)],
        ]}
      />
      <Facts
        id="insurance-owner"
        title={t('report.ownerTitle')}
        facts={[
          [t('report.name'), `${owner.first_name} ${owner.last_name}`],
          [t('claim.nationalId'), claim.owner_national_id_verified ? t('claim.verified') : t('claim.notVerified')],
          [t('report.address'), address],
          [
            t('report.email'),
            <a key="email" href={`mailto:${owner.email}`}>
              {owner.email}
            </a>,
          ],
          [
            t('report.mobile'),
            <a key="mobile" href={`tel:${owner.mobile.replace(/\s+/g, '')}`}>
              {owner.mobile}
            </a>,
          ],
          [t('claim.transferAgreed'), yes(claim.ownership_transfer_agreed)],
        ]}
      />
      <section className="insurance-section" aria-labelledby="insurance-history">
        <h2 id="insurance-history">{t('claim.historyTitle')}</h2>
        <ul className="insurance-plain">
          {(bike?.ownerships ?? []).map((o) => (
            <li key={o.started_at}>
              {t(o.insurer ? 'claim.ownerInsurer' : o.claimant ? 'claim.ownerClaimant' : 'claim.ownerOther')}:{' '}
              {t('claim.ownedFrom', { from: date(o.started_at) })}
              {o.ended_at && ` ${t('claim.ownedTo', { to: date(o.ended_at) })}`}
              {o.end_reason && ` (${t(`endReason.${o.end_reason}`)})`}
            </li>
          ))}
        </ul>
        <h3>{t('claim.earlierTitle')}</h3>
        {claim.earlier_reports.length === 0 ? (
          <p>{t('claim.noEarlier')}</p>
        ) : (
          <ul className="insurance-plain">
            {claim.earlier_reports.map((r) => (
              <li key={r.reported_at}>
                {t('claim.earlier', { date: date(r.stolen_at) })} · {t(r.same_bike ? 'claim.sameBike' : 'claim.otherBike')}
                {r.found && ` · ${t('list.foundAgain')}`}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="insurance-section" aria-labelledby="insurance-events">
        <h2 id="insurance-events">{t('claim.eventsTitle')}</h2>
        <ol className="insurance-plain">
          {claim.events.map((e) => (
            <li key={`${e.status}-${e.created_at}`}>
              {formatDateTime(e.created_at, language)} · {t(`claimStatus.${e.status}`)}
              {e.note && ` · ${e.note}`}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** The police report holds the personal ID number: fetched with the session, each download audited by the server. */
function PoliceReport({ url, claimId }: { url: string; claimId: string }) {
  const { t } = useTranslation('insurance');
  return (
    <DownloadButton
      label={t('claim.downloadPdf')}
      fileName={`${t('claim.pdfName')}-${claimId.slice(0, 8)}.pdf`}
      fetchFile={() => fetchFile(url)}
      note={<span className="muted insurance-note">{t('claim.pdfAudited')}</span>}
    />
  );
}

/** The steps the claim may take now; a rejection asks for its reason. */
function Steps({ insurerPartyId, claim }: { insurerPartyId: string; claim: ClaimDossier }) {
  const { t } = useTranslation('insurance');
  const moveClaim = useMoveClaim(insurerPartyId, claim.id);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  if (claim.next_statuses.length === 0) return null;
  const failure = moveClaim.error ? readApiError(moveClaim.error, t) : null;
  const go = (status: ClaimStatus, why?: string) =>
    moveClaim.mutate({ status, reason: why ?? null }, { onSuccess: () => setRejecting(false) });
  return (
    <section className="card insurance-steps" aria-labelledby="insurance-steps-title">
      <h2 id="insurance-steps-title">{t('claim.stepsTitle')}</h2>
      <div className="insurance-step-buttons">
        {claim.next_statuses.map((status) =>
          status === 'rejected' ? (
            <Button key={status} variant="danger" onClick={() => setRejecting(true)}>
              {t('step.rejected')}
            </Button>
          ) : (
            <Button key={status} onClick={() => go(status)} busy={moveClaim.isPending && moveClaim.variables?.status === status}>
              {t(`step.${status}`)}
            </Button>
          ),
        )}
      </div>
      {claim.next_statuses.includes('paid') && claim.ownership_transfer_agreed && <p className="muted">{t('claim.paidMovesBike')}</p>}
      {failure?.kind === 'message' && !rejecting && <Alert>{failure.text}</Alert>}
      <Dialog
        open={rejecting}
        title={t('step.rejectTitle')}
        onClose={() => setRejecting(false)}
        busy={moveClaim.isPending}
        actions={
          <>
            <Button variant="danger" onClick={() => go('rejected', reason)} busy={moveClaim.isPending}>
              {t('step.rejected')}
            </Button>
            <Button variant="secondary" onClick={() => setRejecting(false)} disabled={moveClaim.isPending}>
              {t('step.cancel')}
            </Button>
          </>
        }
      >
        <TextField
          label={t('step.reason')}
          value={reason}
          maxLength={1000}
          onChange={(e) => setReason(e.target.value)}
          error={failure?.kind === 'message' && rejecting ? failure.text : undefined}
        />
      </Dialog>
    </section>
  );
}
