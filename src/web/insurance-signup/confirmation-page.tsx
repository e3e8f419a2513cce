import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../lib/session-store';
import { Alert } from '../ui/alert';
import { PageTitle } from '../ui/page';
import { usePlacedOrder } from './basket-store';
import { OrderedBikes, QuoteTotals } from './quote-parts';

/** /forsikrings-indtegning/order-confirmation (§2, public): the order just placed in this tab, as the server took it. */
export function ConfirmationPage() {
  const { t } = useTranslation('insurance-signup');
  const order = usePlacedOrder((s) => s.order);
  const signedIn = useSession() !== null;
  if (!order) {
    return (
      <>
        <PageTitle>{t('confirmation.title')}</PageTitle>
        <p>{t('confirmation.none')}</p>
        <Link to="/forsikrings-indtegning" className="btn btn-primary">
          {t('confirmation.start')}
        </Link>
      </>
    );
  }
  return (
    <>
      <PageTitle>{t('confirmation.title')}</PageTitle>
      <Alert tone="success">{t('confirmation.thanks', { insurer: order.insurer.name, email: order.email })}</Alert>
      <section aria-labelledby="ordered-bikes">
        <h2 id="ordered-bikes">{t('overview.bikes')}</h2>
        <OrderedBikes items={order.items} quote={order.quote} />
        <QuoteTotals quote={{ data: order.quote }} />
      </section>
      <dl className="signup-facts">
        <div>
          <dt>{t('confirmation.insurer')}</dt>
          <dd>{order.insurer.name}</dd>
        </div>
        <div>
          <dt>{t('checkout.name')}</dt>
          <dd>{order.name}</dd>
        </div>
        <div>
          <dt>{t('checkout.socialNumber')}</dt>
          <dd>{order.social_number_masked}</dd>
        </div>
        {order.policy && (
          <div>
            <dt>{t('confirmation.policyNumber')}</dt>
            <dd>{order.policy.insurer_policy_id}</dd>
          </div>
        )}
      </dl>
      <p>{order.policy ? t('confirmation.policy') : t('confirmation.noAccount')}</p>
      <p>{t('confirmation.withdrawal')}</p>
      <div className="actions">
        {signedIn ? (
          <Link to="/app" className="btn btn-primary">
            {t('confirmation.toApp')}
          </Link>
        ) : (
          <Link to="/signup" className="btn btn-primary">
            {t('confirmation.signUp')}
          </Link>
        )}
      </div>
    </>
  );
}
