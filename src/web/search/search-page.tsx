import { useTranslation } from 'react-i18next';
import type { PublicBike } from '../../domain/bikes';
import { PageTitle } from '../ui/page';
import { ContactOwnerLink } from './public-bike-card';
import { SearchForm, SearchResults, useBikeSearch } from './search-core';
import './search.css';

/** /search: public search by frame number or plate ID (§1, §2). Only public information is shown. */
export function SearchPage() {
  const { t } = useTranslation('search');
  const { query, state, search, retry } = useBikeSearch<PublicBike>('/search/bikes');
  return (
    <div className="search-page">
      <PageTitle>{t('search.title')}</PageTitle>
      <p className="search-lead">{t('search.lead')}</p>
      <SearchForm
        query={query}
        busy={state.kind === 'loading'}
        error={state.kind === 'invalid' ? state.text : undefined}
        onSearch={search}
      />
      <SearchResults state={state} onRetry={retry} extra={(bike) => <ContactOwnerLink bike={bike} />} />
      <SearchAbout />
    </div>
  );
}

export function SearchAbout() {
  const { t } = useTranslation('search');
  return (
    <section className="search-about" aria-labelledby="search-about-title">
      <h2 id="search-about-title">{t('search.aboutTitle')}</h2>
      <ul>
        <li>{t('search.about.what')}</li>
        <li>{t('search.about.public')}</li>
        <li>{t('search.about.owner')}</li>
      </ul>
    </section>
  );
}
