import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BRANDS } from '../../domain/bikes/brands';
import { TextField } from '../ui/field';

/**
 * The brand table behind the frame-number hints (§5), read-only: it is code (domain/bikes/brands.ts), shipped to the
 * browser with the register form, so it is filtered here; a change to it is a change to the code.
 */
export function BrandTable() {
  const { t } = useTranslation('backoffice-orgs');
  const [params, setParams] = useSearchParams();
  const q = params.get('brand') ?? '';
  const needle = q.trim().toUpperCase();
  const shown = BRANDS.filter(
    (brand) => !needle || brand.name.toUpperCase().includes(needle) || brand.prefixes.some((prefix) => prefix.startsWith(needle)),
  );
  const setQuery = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('brand', value);
    else next.delete('brand');
    setParams(next, { replace: true });
  };
  return (
    <section id="brands" className="card orgs-section" aria-labelledby="brands-title">
      <h2 id="brands-title">{t('brands.title')}</h2>
      <p className="muted">{t('brands.lead')}</p>
      <TextField label={t('brands.search')} type="search" value={q} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
      <p aria-live="polite">{t('brands.count', { count: shown.length })}</p>
      <div className="orgs-table-wrap">
        <table className="orgs-table">
          <thead>
            <tr>
              <th scope="col">{t('brands.name')}</th>
              <th scope="col">{t('brands.marks')}</th>
              <th scope="col">{t('brands.scheme')}</th>
              <th scope="col">{t('brands.since')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((brand) => (
              <tr key={brand.id}>
                <td>{brand.name}</td>
                <td>{brand.prefixes.join(', ') || '—'}</td>
                <td>{brand.requiresPrefix ? t('brands.danishScheme') : t('brands.ownSerials')}</td>
                <td>
                  {Object.entries(brand.prefixSince ?? {})
                    .map(([prefix, year]) => `${prefix}: ${year}`)
                    .join(', ') || '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
