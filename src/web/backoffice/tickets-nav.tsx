import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import './tickets.css';

/** The backoffice's own menu: users and tickets. */
export function BackofficeNav() {
  const { t } = useTranslation(['chats', 'ownership-verify']);
  return (
    <nav className="backoffice-nav" aria-label={t('tickets.nav.label')}>
      <NavLink to="/backoffice/identities" className="backoffice-nav-link">
        {t('tickets.nav.users')}
      </NavLink>
      <NavLink to="/backoffice/tickets" className="backoffice-nav-link">
        {t('tickets.nav.tickets')}
      </NavLink>
      <NavLink to="/backoffice/ownership-verifications" className="backoffice-nav-link">
        {t('ownership-verify:review.nav')}
      </NavLink>
    </nav>
  );
}
