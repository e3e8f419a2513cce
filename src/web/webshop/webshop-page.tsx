import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { REGIONS } from '../../domain/locale';
import type { Product } from '../../domain/webshop/catalogue';
import { useSession } from '../lib/session-store';
import { SelectField } from '../ui/field';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { buyPath, NAF_PATH } from './families';
import { formatMoney } from './money';
import { useProducts } from './products-api';
import './webshop.css';

/**
 * /webshop (public, §2): the products with their prices incl. VAT and the VAT in them, in the region's currency.
 * Without ?region= the server answers the visitor's region (account, else the region cookie, else dk).
 */
export function WebshopPage() {
  const { t } = useTranslation('webshop');
  const [params, setParams] = useSearchParams();
  const chosen = params.get('region');
  const products = useProducts(chosen === 'dk' || chosen === 'no' ? chosen : null);
  const data = products.data;
  return (
    <div className="webshop">
      <PageTitle>{t('shop.title')}</PageTitle>
      <p className="webshop-lead">{t('shop.lead')}</p>
      {data && (
        <div className="webshop-region">
          <SelectField
            label={t('shop.region')}
            value={data.region}
            options={REGIONS.map((region) => ({ value: region, label: t(`shop.regions.${region}`) }))}
            onChange={(event) => setParams({ region: event.target.value }, { replace: true })}
          />
        </div>
      )}
      {products.isError && !data && (
        <LoadError error={products.error} onRetry={() => void products.refetch()} retrying={products.isFetching} />
      )}
      {products.isPending && <Loading />}
      {data && data.products.length === 0 && <p className="webshop-empty">{t('shop.empty')}</p>}
      {data && data.products.length > 0 && (
        <ul className="webshop-products">
          {data.products.map((product) => (
            <ProductCard key={product.code} product={product} />
          ))}
        </ul>
      )}
      <p className="muted webshop-note">{t('shop.vatNote')}</p>
    </div>
  );
}

function ProductCard({ product }: { product: Product }) {
  const { t, i18n } = useTranslation('webshop');
  const signedIn = useSession() !== null;
  const money = (ore: number) => formatMoney(ore, product.currency, i18n.resolvedLanguage);
  const headingId = `product-${product.code}`;
  const per = product.code === 'subscription_organisation' ? 'perBikeYear' : product.interval === 'year' ? 'perYear' : 'once';
  // Signed in: straight to the checkout; a visitor goes through /go-to-webshop, which logs in first.
  const buy = signedIn ? buyPath(product.code) : `/go-to-webshop?product=${encodeURIComponent(product.code)}`;
  return (
    <li className="card webshop-product" aria-labelledby={headingId}>
      <h2 id={headingId}>{product.name}</h2>
      <p className="webshop-description">{product.description}</p>
      <p className="webshop-price">
        <strong>{money(product.price.unit_amount_ore)}</strong> <span>{t(`price.${per}`)}</span>
      </p>
      <p className="muted webshop-vat">
        {t('price.vatIncluded', { vat: money(product.price.vat_amount_ore), rate: product.vat_rate_percent })}
      </p>
      {product.member_price && (
        <p className="webshop-member">
          {t('price.member', { price: money(product.member_price.unit_amount_ore), percent: product.member_price.discount_percent })}{' '}
          <Link to={NAF_PATH}>{t('price.memberLink')}</Link>
        </p>
      )}
      <Link to={buy} className="btn btn-primary webshop-buy" aria-describedby={headingId}>
        {product.kind === 'subscription' ? t('shop.subscribe') : t('shop.buy')}
      </Link>
    </li>
  );
}
