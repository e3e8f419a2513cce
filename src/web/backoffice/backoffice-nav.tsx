import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { BackofficeWork } from '../../domain/backoffice';

/** The backoffice's menu, each entry with the work waiting in it: the home, the queues of a working day, then the registers and tools. */
const SECTIONS: { to: string; label: string; work?: keyof BackofficeWork; end?: boolean }[] = [
  { to: '/backoffice', label: 'nav.home', end: true },
  { to: '/backoffice/tickets', label: 'nav.tickets', work: 'open_tickets' },
  { to: '/backoffice/insurance-verification', label: 'nav.insuranceVerification', work: 'possession_checks' },
  { to: '/backoffice/v2/orders', label: 'nav.orders', work: 'plates_to_ship' },
  { to: '/backoffice/v2/stolen-bikes', label: 'nav.stolenBikes', work: 'stolen_reports_to_review' },
  { to: '/backoffice/ownership-verifications', label: 'nav.ownershipVerifications' },
  { to: '/backoffice/identities', label: 'nav.identities' },
  { to: '/backoffice/organisations', label: 'nav.organisations' },
  { to: '/backoffice/plates', label: 'nav.plates' },
  { to: '/backoffice/docks', label: 'nav.docks' },
  { to: '/backoffice/v2/diverse', label: 'nav.diverse' },
  { to: '/backoffice/audit-log', label: 'nav.auditLog' },
];

export function BackofficeNav({ work }: { work: BackofficeWork | undefined }) {
  const { t } = useTranslation('backoffice');
  return (
    <nav className="backoffice-nav" aria-label={t('nav.label')}>
      <ul>
        {SECTIONS.map((section) => {
          const waiting = section.work && work ? work[section.work] : 0;
          return (
            <li key={section.to}>
              <NavLink to={section.to} end={section.end} className="backoffice-nav-link">
                <span>{t(section.label)}</span>
                {waiting > 0 && (
                  <span className="backoffice-count">
                    <span aria-hidden="true">{waiting}</span>
                    <span className="visually-hidden">{t('nav.waiting', { count: waiting })}</span>
                  </span>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
