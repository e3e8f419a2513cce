import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCreditsOverview } from '../bikes/bikes-api';
import { formatDate } from '../lib/intl';
import { useSession } from '../lib/session-store';
import { Alert } from '../ui/alert';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { Checkout } from './checkout';
import { ORDER_FAMILIES, ORGANISATION_PLAN_PATH } from './families';
import { ManageSubscription } from './manage-subscription';
import './webshop.css';

/**
 * /app/organisations/integrate-stripe (§2, §6): an organisation's admin, acting as the organisation, buys the
 * ORGANISATION plan for N bikes (the price per bike times N, per year, shown before ordering), and sees it after.
 */
export function OrganisationPlanPage() {
  const { t, i18n } = useTranslation('webshop');
  const session = useSession();
  const actingAsOrganisation = session !== null && session.organisation_type !== null;
  const overview = useCreditsOverview();
  const data = overview.data;
  let body: React.ReactNode;
  if (!actingAsOrganisation) {
    body = (
      <Alert tone="info" title={t('organisation.notActingTitle')}>
        <p>{t('organisation.notActing')}</p>
        <Link to="/app">{t('organisation.chooseParty')}</Link>
      </Alert>
    );
  } else if (!data) {
    body = <Loading />;
  } else if (data.subscription?.plan_type === 'ORGANISATION' && data.subscription.active) {
    const plan = data.subscription;
    body = (
      <section className="card" aria-labelledby="org-plan">
        <h2 id="org-plan">{t('organisation.planTitle')}</h2>
        <dl className="webshop-facts">
          <div>
            <dt>{t('status.plan')}</dt>
            <dd>{t('plans.ORGANISATION')}</dd>
          </div>
          <div>
            <dt>{t('status.periodEnd')}</dt>
            <dd>{formatDate(plan.current_period_end, i18n.resolvedLanguage)}</dd>
          </div>
          <div>
            <dt>{t('status.bikes')}</dt>
            <dd>{t('status.bikesUsed', { used: plan.bikes_used, limit: plan.bikes_limit, count: plan.bikes_remaining })}</dd>
          </div>
        </dl>
        <div className="actions">
          {plan.bikes_remaining > 0 && (
            <Link to="/app/bikes/register" className="btn btn-primary">
              {t('organisation.registerBike')}
            </Link>
          )}
          <ManageSubscription returnPath={ORGANISATION_PLAN_PATH} />
        </div>
      </section>
    );
  } else {
    body = (
      <>
        <p className="webshop-lead">{t('organisation.lead')}</p>
        <Checkout familyName="organisation" family={ORDER_FAMILIES.organisation} />
      </>
    );
  }
  return (
    <div className="webshop webshop-narrow">
      <PageTitle>{t('organisation.title')}</PageTitle>
      {body}
    </div>
  );
}
