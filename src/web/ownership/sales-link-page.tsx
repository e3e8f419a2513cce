import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BikeDetail } from '../../domain/bikes';
import { SALES_LINK_DEFAULT_DAYS, SALES_LINK_MAX_DAYS, type SalesLink } from '../../domain/ownership';
import { BackToBike, BikeGate } from '../bikes/bike-gate';
import { bikeName } from '../bikes/bike-terms';
import { readApiError } from '../lib/errors';
import { formatDateTime } from '../lib/intl';
import { useProfile } from '../lib/profile';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { SelectField } from '../ui/field';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { useCreateSalesLink, useRevokeSalesLink, useSalesLinks } from './sales-api';
import { CopyLink } from './sales-copy';
import './sales.css';

/** The lifetimes offered; the server takes any whole number of days up to the maximum. */
const DAY_CHOICES = [1, 3, 7, SALES_LINK_DEFAULT_DAYS, SALES_LINK_MAX_DAYS];

/**
 * /app/my-bikes/{bikeId}/sales-link: make a time-limited public link for a sales ad, copy it, and stop
 * it. The buyer sees the bike's public card and "registered to an ID-verified owner, not reported
 * stolen" as of the moment they open it, never the owner's name or contact.
 */
export function SalesLinkPage() {
  return <BikeGate>{(bike) => <SalesLinks bike={bike} />}</BikeGate>;
}

function SalesLinks({ bike }: { bike: BikeDetail }) {
  const { t } = useTranslation(['sales', 'bike-terms']);
  const profile = useProfile();
  const links = useSalesLinks(bike.id);
  const create = useCreateSalesLink(bike.id);
  const [days, setDays] = useState(SALES_LINK_DEFAULT_DAYS);
  const name = bikeName(bike, t);
  const failure = create.isError ? readApiError(create.error, t) : null;
  const stolen = bike.flags.reported_stolen;

  return (
    <div className="sales-page">
      <BackToBike bikeId={bike.id} />
      <PageTitle>{t('page.title', { name })}</PageTitle>
      <p className="sales-lead">{t('page.lead')}</p>
      {profile.data && !profile.data.verified_on && <Alert tone="info">{t('page.notVerified')}</Alert>}
      {stolen ? (
        <Alert tone="warning">{t('page.stolen')}</Alert>
      ) : (
        <section className="card sales-create" aria-labelledby="sales-create-title">
          <h2 id="sales-create-title">{t('create.title')}</h2>
          <SelectField
            label={t('create.days')}
            value={String(days)}
            onChange={(e) => setDays(Number(e.target.value))}
            options={DAY_CHOICES.map((d) => ({ value: String(d), label: t('create.dayCount', { count: d }) }))}
          />
          {failure?.kind === 'message' && <Alert>{failure.text}</Alert>}
          <Button onClick={() => create.mutate(days)} busy={create.isPending}>
            {t('create.submit')}
          </Button>
          {create.data && (
            <div className="sales-created">
              <Alert tone="success">{t('create.done')}</Alert>
              <CopyLink url={create.data.url} />
            </div>
          )}
        </section>
      )}
      <section aria-labelledby="sales-list-title">
        <h2 id="sales-list-title">{t('list.title')}</h2>
        {links.isPending ? (
          <Loading />
        ) : links.isError ? (
          <LoadError error={links.error} onRetry={() => void links.refetch()} retrying={links.isFetching} />
        ) : links.data.length === 0 ? (
          <p className="muted">{t('list.empty')}</p>
        ) : (
          <ul className="sales-list">
            {links.data.map((link) => (
              <LinkRow key={link.id} link={link} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function LinkRow({ link }: { link: SalesLink }) {
  const { t, i18n } = useTranslation('sales');
  const revoke = useRevokeSalesLink();
  const [asking, setAsking] = useState(false);
  const language = i18n.resolvedLanguage;
  const expired = Date.parse(link.expires_at) <= Date.now();
  const failure = revoke.isError ? readApiError(revoke.error, t) : null;
  return (
    <li className={`card sales-link${link.active ? '' : ' sales-link-inactive'}`}>
      <p className="sales-link-state">
        {link.active ? (
          <span className="sales-pill sales-pill-active">{t('list.active')}</span>
        ) : (
          <span className="sales-pill">{expired ? t('list.expired') : t('list.stopped')}</span>
        )}{' '}
        {t(link.active ? 'list.until' : 'list.ended', { date: formatDateTime(link.expires_at, language) })}
      </p>
      {link.active && <CopyLink url={link.url} />}
      <p className="muted sales-link-made">{t('list.made', { date: formatDateTime(link.created_at, language) })}</p>
      {failure?.kind === 'message' && <Alert>{failure.text}</Alert>}
      {link.active && (
        <div className="actions">
          <a href={link.url} target="_blank" rel="noopener" className="btn btn-secondary btn-small">
            {t('list.open')}
          </a>
          <Button variant="danger" className="btn-small" onClick={() => setAsking(true)}>
            {t('list.revoke')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={asking}
        title={t('revoke.title')}
        confirmLabel={t('revoke.confirm')}
        cancelLabel={t('revoke.cancel')}
        busy={revoke.isPending}
        onConfirm={() => revoke.mutate(link.id, { onSettled: () => setAsking(false) })}
        onCancel={() => setAsking(false)}
      >
        <p>{t('revoke.body')}</p>
      </ConfirmDialog>
    </li>
  );
}
