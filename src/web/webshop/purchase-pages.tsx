import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BikeDetail } from '../../domain/bikes';
import type { Product } from '../../domain/webshop/catalogue';
import { BackToBike, BikeGate } from '../bikes/bike-gate';
import { bikeName } from '../bikes/bike-terms';
import { useCreditsOverview } from '../bikes/bikes-api';
import { formatDate } from '../lib/intl';
import { Alert } from '../ui/alert';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { Checkout } from './checkout';
import { checkoutPath, NAF_PATH, ORDER_FAMILIES, type OrderFamilyName } from './families';
import { formatMoney } from './money';
import { useProducts } from './products-api';
import '../bikes/bike.css';
import './webshop.css';

const CHOICES: OrderFamilyName[] = ['registration', 'subscription-single', 'subscription-family'];

/** /app/bikes/register/purchase: the register flow's "buy a registration" (one, or a subscription), with my credits. */
export function RegisterPurchasePage() {
  const { t } = useTranslation('webshop');
  const products = useProducts(null);
  const byCode = new Map((products.data?.products ?? []).map((product) => [product.code, product]));
  return (
    <div className="webshop webshop-narrow">
      <p className="bike-back">
        <Link to="/app/bikes/register">
          <span aria-hidden="true">← </span>
          {t('purchase.backToRegister')}
        </Link>
      </p>
      <PageTitle>{t('purchase.title')}</PageTitle>
      <p className="webshop-lead">{t('purchase.lead')}</p>
      <CreditsNow />
      {products.isError && !products.data && (
        <LoadError error={products.error} onRetry={() => void products.refetch()} retrying={products.isFetching} />
      )}
      {products.isPending && <Loading />}
      {products.data && (
        <ul className="webshop-products webshop-choices">
          {CHOICES.map((family) => {
            const product = byCode.get(ORDER_FAMILIES[family].product);
            return product ? <Choice key={family} family={family} product={product} /> : null;
          })}
        </ul>
      )}
      <div className="webshop-other card">
        <h2>{t('purchase.otherTitle')}</h2>
        <ul className="link-list">
          <li>
            <Link to={NAF_PATH}>{t('purchase.naf')}</Link>
          </li>
          <li>
            <Link to="/app/bikes/register/redeem">{t('purchase.redeem')}</Link>
          </li>
        </ul>
      </div>
    </div>
  );
}

function Choice({ family, product }: { family: OrderFamilyName; product: Product }) {
  const { t, i18n } = useTranslation('webshop');
  const headingId = `choice-${family}`;
  return (
    <li className="card webshop-product" aria-labelledby={headingId}>
      <h2 id={headingId}>{product.name}</h2>
      <p className="webshop-description">{product.description}</p>
      <p className="webshop-price">
        <strong>{formatMoney(product.price.unit_amount_ore, product.currency, i18n.resolvedLanguage)}</strong>{' '}
        <span>{t(product.interval === 'year' ? 'price.perYear' : 'price.once')}</span>
      </p>
      <Link to={checkoutPath(family)} className="btn btn-primary webshop-buy" aria-describedby={headingId}>
        {product.kind === 'subscription' ? t('shop.subscribe') : t('shop.buy')}
      </Link>
    </li>
  );
}

/** The credits and subscription the party has now (polled every 30 s): buying may not be needed. */
function CreditsNow() {
  const { t, i18n } = useTranslation('webshop');
  const overview = useCreditsOverview();
  const data = overview.data;
  if (!data) return null;
  return (
    <Alert tone={data.credits > 0 || data.active ? 'success' : 'info'} title={t('purchase.nowTitle')}>
      <p>{t('purchase.credits', { count: data.credits })}</p>
      {data.plan_type && data.active && (
        <p>
          {t('purchase.plan', { plan: t(`plans.${data.plan_type}`), date: formatDate(data.current_period_end, i18n.resolvedLanguage) })}
        </p>
      )}
      {(data.credits > 0 || data.active) && <Link to="/app/bikes/register">{t('purchase.registerNow')}</Link>}
    </Alert>
  );
}

/** /app/my-bikes/{bikeId}/registration-purchase: buy the registration of this bike (bike_id on the order). */
export function BikeRegistrationPurchasePage() {
  return <BikeGate>{(bike) => <BikeRegistrationPurchase bike={bike} />}</BikeGate>;
}

function BikeRegistrationPurchase({ bike }: { bike: BikeDetail }) {
  const { t } = useTranslation(['webshop', 'bike-terms']);
  const name = bikeName(bike, t);
  return (
    <div className="webshop webshop-narrow">
      <BackToBike bikeId={bike.id} />
      <PageTitle>{t('purchase.bikeTitle', { name })}</PageTitle>
      {bike.flags.active ? (
        <Alert tone="success">{t('purchase.bikeActive', { name })}</Alert>
      ) : (
        <>
          <p className="webshop-lead">{t('purchase.bikeLead', { name })}</p>
          <Checkout familyName="registration" family={ORDER_FAMILIES.registration} bikeId={bike.id} />
        </>
      )}
    </div>
  );
}

/** /app/my-bikes/{bikeId}/buy-plate: extra plates (1-20), sent to the profile's address. */
export function BuyPlatePage() {
  return <BikeGate>{(bike) => <BuyPlate bike={bike} />}</BikeGate>;
}

function BuyPlate({ bike }: { bike: BikeDetail }) {
  const { t } = useTranslation(['webshop', 'bike-terms']);
  return (
    <div className="webshop webshop-narrow">
      <BackToBike bikeId={bike.id} />
      <PageTitle>{t('families.plates.title')}</PageTitle>
      <p className="webshop-lead">{t('purchase.platesLead', { name: bikeName(bike, t) })}</p>
      <Checkout familyName="plates" family={ORDER_FAMILIES.plates} />
    </div>
  );
}
