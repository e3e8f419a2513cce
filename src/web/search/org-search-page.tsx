import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OrgPublicBike } from '../../domain/bikes';
import { formatDate } from '../lib/intl';
import { useSession } from '../lib/session-store';
import { Alert } from '../ui/alert';
import { PageTitle } from '../ui/page';
import { SearchForm, SearchResults, useBikeSearch } from './search-core';
import { SearchAbout } from './search-page';
import './search.css';

/**
 * /org-bike-search: the search for members acting as an organisation (police, insurers, businesses):
 * the public card plus when the bike was registered, whether the registration is active and whether the
 * owner is verified with national ID. Never the owner's name or contact (the server answers no such field).
 */
export function OrgSearchPage() {
  const { t } = useTranslation('search');
  const session = useSession();
  const { query, state, search, retry } = useBikeSearch<OrgPublicBike>('/search/org-bikes');
  // The server decides (403 organisation_required); the session says so before anything is asked.
  const notOrganisation = !session?.organisation_type || (state.kind === 'failed' && state.status === 403);

  if (notOrganisation) {
    return (
      <div className="search-page">
        <PageTitle>{t('org.notOrgTitle')}</PageTitle>
        <Alert tone="info">{t('org.notOrgBody')}</Alert>
        <div className="actions">
          <Link to="/app" className="btn btn-primary">
            {t('org.toAccount')}
          </Link>
          <Link to={query ? `/search?q=${encodeURIComponent(query)}` : '/search'} className="btn btn-secondary">
            {t('org.toPublicSearch')}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="search-page">
      <PageTitle>{t('org.title')}</PageTitle>
      <p className="search-lead">{t('org.lead')}</p>
      <SearchForm
        query={query}
        busy={state.kind === 'loading'}
        error={state.kind === 'invalid' ? state.text : undefined}
        onSearch={search}
      />
      <SearchResults state={state} onRetry={retry} extra={(bike) => <OrgFacts bike={bike} />} />
      <SearchAbout />
    </div>
  );
}

function OrgFacts({ bike }: { bike: OrgPublicBike }) {
  const { t, i18n } = useTranslation('search');
  const registered = formatDate(bike.registered_on, i18n.resolvedLanguage, 'medium') || bike.registered_on;
  return (
    <div className="bike-card-extra">
      <ul className="org-facts" aria-label={t('org.factsLabel')}>
        <li className="org-fact">{t('org.registeredOn', { date: registered })}</li>
        <li className={`org-fact${bike.active ? '' : ' org-fact-no'}`}>{bike.active ? t('org.active') : t('org.inactive')}</li>
        <li className={`org-fact${bike.owner_verified ? '' : ' org-fact-no'}`}>
          {bike.owner_verified ? t('org.ownerVerified') : t('org.ownerNotVerified')}
        </li>
      </ul>
    </div>
  );
}
