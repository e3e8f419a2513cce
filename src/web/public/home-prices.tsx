import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Product, ProductCode } from '../../domain/webshop/catalogue';
import { serverState } from '../lib/server-state';
import { formatMoney } from '../webshop/money';
import { useProducts } from '../webshop/products-api';
import { MARKETING_LINKS } from './marketing-links';

/** What a private owner buys, in the webshop's order; the organisation's subscription is the business pages'. */
const SHOWN: readonly ProductCode[] = ['registration', 'subscription_single', 'subscription_family', 'extra_plate'];

/** What it costs: the webshop's own prices in the visitor's region (GET /webshop/products/), never numbers of its own. */
export function HomePrices() {
  const { t } = useTranslation('home');
  const products = useProducts(serverState.region);
  const shown = (products.data?.products ?? []).filter((p) => SHOWN.includes(p.code));
  return (
    <section className="home-section" aria-labelledby="home-prices-title">
      <h2 id="home-prices-title">{t('prices.title')}</h2>
      <p className="home-section-lead">{t('prices.lead')}</p>
      {products.isError && !products.data ? (
        <p className="muted">{t('prices.failed')}</p>
      ) : (
        <ul className="price-list" aria-busy={products.isPending || undefined}>
          {products.data
            ? shown.map((product) => <PriceRow key={product.code} product={product} />)
            : SHOWN.map((code) => <li key={code} className="price-row price-row-empty" aria-hidden="true" />)}
        </ul>
      )}
      <p className="muted home-prices-note">{t('prices.vat')}</p>
      <Link to={MARKETING_LINKS.products} className="btn btn-secondary">
        {t('prices.toShop')}
      </Link>
    </section>
  );
}

function PriceRow({ product }: { product: Product }) {
  const { t, i18n } = useTranslation('home');
  const price = formatMoney(product.price.unit_amount_ore, product.currency, i18n.resolvedLanguage);
  return (
    <li className="price-row">
      <span className="price-name">{product.name}</span>
      <span className="price-amount">{t(product.interval === 'year' ? 'prices.perYear' : 'prices.once', { price })}</span>
    </li>
  );
}
