import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert } from '../ui/alert';
import { PageTitle } from '../ui/page';
import { Checkout } from './checkout';
import { orderFamily } from './families';
import { useNafTheme } from './naf-theme';
import './webshop.css';

/** /checkout/{orderFamily} (§2; signed in): the quote and the way to pay. ?bike_id= names the bike a registration is for. */
export function CheckoutPage() {
  const { t } = useTranslation('webshop');
  const name = useParams().orderFamily ?? '';
  const [params] = useSearchParams();
  const family = orderFamily(name);
  useNafTheme(family?.naf ?? false);
  if (!family) {
    return (
      <div className="webshop webshop-narrow">
        <PageTitle>{t('checkout.unknownTitle')}</PageTitle>
        <Alert tone="info">{t('checkout.unknownBody')}</Alert>
        <Link to="/webshop" className="btn btn-primary">
          {t('checkout.toShop')}
        </Link>
      </div>
    );
  }
  return (
    <div className="webshop webshop-narrow">
      <PageTitle>{t(`families.${name}.title`)}</PageTitle>
      <p className="webshop-lead">{t(`families.${name}.lead`)}</p>
      <Checkout familyName={name} family={family} bikeId={params.get('bike_id')} />
    </div>
  );
}
