import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Profile } from '../../domain/identity';
import { eidProviderOf } from '../../domain/verification';
import { formatDate } from '../lib/intl';
import { beginVerificationPath } from './verification-api';
import './verification.css';

/**
 * §4 Profile verification, pending or verified: with the name the provider vouches for once verified,
 * and the way to verify (MitID in dk, BankID in no) while pending. On /app/settings and the /app home.
 */
export function IdentityCard({ profile, returnTo }: { profile: Profile; returnTo: string }) {
  const { t, i18n } = useTranslation('verification');
  const verified = profile.verification_status === 'verified';
  const provider = t(`provider.${profile.verified_with ?? eidProviderOf(profile.region)}`);
  return (
    <section className="card settings-section identity-card" aria-labelledby="identity-title">
      <h2 id="identity-title">{t('identity.title')}</h2>
      <p className="identity-status">
        <span className={`identity-badge identity-badge-${verified ? 'verified' : 'pending'}`}>
          {verified ? t('identity.verified') : t('identity.pending')}
        </span>
      </p>
      {verified ? (
        <dl className="summary">
          {profile.verified_name && (
            <div>
              <dt>{t('identity.name')}</dt>
              <dd>{profile.verified_name}</dd>
            </div>
          )}
          <div>
            <dt>{t('identity.verifiedOn')}</dt>
            <dd>{t('identity.verifiedWith', { date: formatDate(profile.verified_on, i18n.resolvedLanguage), provider })}</dd>
          </div>
        </dl>
      ) : (
        <>
          <p>{t('identity.pendingBody', { provider })}</p>
          <Link to={beginVerificationPath({ type: 'verify', successUrl: returnTo, failureUrl: returnTo })} className="btn btn-primary">
            {t('identity.verify', { provider })}
          </Link>
        </>
      )}
    </section>
  );
}
