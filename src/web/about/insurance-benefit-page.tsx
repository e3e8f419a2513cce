import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Insurer } from '../../domain/theft';
import { api } from '../lib/api-client';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import './about.css';

const REASONS = ['possession', 'risk', 'claims'] as const;
const DEMANDS = ['frameNumber', 'lock', 'receipt', 'police'] as const;

/** /forsikringsfordel (§2, public): what a registered, plated bike is worth to its insurer, and the way into the sign-up. */
export function InsuranceBenefitPage() {
  const { t } = useTranslation('about');
  return (
    <article className="about-page">
      <PageTitle description={t('benefit.description')}>{t('benefit.title')}</PageTitle>
      <p className="about-lead">{t('benefit.lead')}</p>
      <section aria-labelledby="benefit-why">
        <h2 id="benefit-why">{t('benefit.why.title')}</h2>
        <ul className="about-cards">
          {REASONS.map((reason) => (
            <li key={reason} className="card">
              <h3>{t(`benefit.why.${reason}.title`)}</h3>
              <p>{t(`benefit.why.${reason}.body`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="benefit-demands">
        <h2 id="benefit-demands">{t('benefit.demands.title')}</h2>
        <p>{t('benefit.demands.intro')}</p>
        <ul className="about-points">
          {DEMANDS.map((demand) => (
            <li key={demand}>{t(`benefit.demands.${demand}`)}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="benefit-insurers">
        <h2 id="benefit-insurers">{t('benefit.insurers.title')}</h2>
        <p>{t('benefit.insurers.lead')}</p>
        <Insurers />
      </section>
      {(['norway', 'signup'] as const).map((section) => (
        <section key={section} aria-labelledby={`benefit-${section}`}>
          <h2 id={`benefit-${section}`}>{t(`benefit.${section}.title`)}</h2>
          <p>{t(`benefit.${section}.body`)}</p>
        </section>
      ))}
      <div className="actions">
        <Link to="/forsikrings-indtegning" className="btn btn-primary">
          {t('benefit.cta')}
        </Link>
        <Link to="/app/register-bike" className="btn btn-secondary">
          {t('benefit.register')}
        </Link>
      </div>
    </article>
  );
}

type Load = { kind: 'loading' } | { kind: 'failed'; error: unknown } | { kind: 'ready'; insurers: Insurer[] };

/** The insurance companies of the register, read from the database (GET /api/insurers/, public). */
function Insurers() {
  const { t } = useTranslation('about');
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const fetchIt = useCallback(() => {
    setLoad({ kind: 'loading' });
    api<{ insurers: Insurer[] }>('/insurers/').then(
      ({ insurers }) => setLoad({ kind: 'ready', insurers }),
      (error: unknown) => setLoad({ kind: 'failed', error }),
    );
  }, []);
  useEffect(fetchIt, [fetchIt]);
  if (load.kind === 'loading') return <Loading />;
  if (load.kind === 'failed') return <LoadError error={load.error} onRetry={fetchIt} />;
  if (load.insurers.length === 0) return <p className="muted">{t('benefit.insurers.empty')}</p>;
  return (
    <ul className="about-insurers" aria-labelledby="benefit-insurers">
      {load.insurers.map((insurer) => (
        <li key={insurer.party_id}>{insurer.name}</li>
      ))}
    </ul>
  );
}
