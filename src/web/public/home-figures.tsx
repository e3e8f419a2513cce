import { useTranslation } from 'react-i18next';
import { DNA_MARK_POLICE_COUNTRIES } from '../../domain/constants';
import type { PublicFigures } from '../../domain/figures';
import { numberFormat } from '../lib/intl';
import { useFetched } from './home-data';

const FIGURES = [
  ['bikes', 'bikes_registered'],
  ['recovered', 'bikes_recovered'],
  ['insurers', 'insurers'],
] as const;

/**
 * Why trust the register: its real figures (GET /public/figures, counted from the database) and the DNA mark (§1).
 * The tiles keep their size while the figures load, so nothing below moves.
 */
export function HomeFigures() {
  const { t, i18n } = useTranslation('home');
  const { state } = useFetched<PublicFigures>('/public/figures');
  return (
    <section className="home-section home-figures" aria-labelledby="home-figures-title">
      <h2 id="home-figures-title">{t('figures.title')}</h2>
      <ul className="figure-tiles" aria-busy={state.status === 'loading' || undefined}>
        {FIGURES.map(([key, field]) => {
          const count = state.status === 'done' ? state.data[field] : null;
          return (
            <li key={key} className="figure-tile">
              <span className="figure-number">{count === null ? '–' : numberFormat(i18n.resolvedLanguage, {}).format(count)}</span>
              <span className="figure-label">{t(`figures.${key}`, { count: count ?? 0 })}</span>
            </li>
          );
        })}
        <li className="figure-tile figure-dna">
          <span className="figure-number">{numberFormat(i18n.resolvedLanguage, {}).format(DNA_MARK_POLICE_COUNTRIES)}</span>
          <span className="figure-label">{t('figures.dna', { count: DNA_MARK_POLICE_COUNTRIES })}</span>
        </li>
      </ul>
      {state.status === 'failed' && <p className="muted">{t('figures.failed')}</p>}
    </section>
  );
}
