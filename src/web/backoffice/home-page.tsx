import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BackofficeWork } from '../../domain/backoffice';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { useBackofficeWork } from './work-api';

/** The queues on the home, in the order a working day takes them: each with its count and the way in. */
const QUEUES: { work: keyof BackofficeWork; to: string; label: string }[] = [
  { work: 'possession_checks', to: '/backoffice/v2/insurance-verification', label: 'home.possessionChecks' },
  { work: 'receipts_to_verify', to: '/backoffice/v2/insurance-verification', label: 'home.receiptsToVerify' },
  { work: 'plates_to_ship', to: '/backoffice/v2/orders', label: 'home.platesToShip' },
  { work: 'stolen_reports_to_review', to: '/backoffice/v2/stolen-bikes', label: 'home.stolenReportsToReview' },
  { work: 'open_tickets', to: '/backoffice/tickets', label: 'home.openTickets' },
];

/** /backoffice and /backoffice/v2: the work waiting, queue by queue, with counts that follow the queues. */
export function BackofficeHomePage() {
  const { t } = useTranslation('backoffice');
  const work = useBackofficeWork();
  return (
    <div className="backoffice">
      <PageTitle>{t('home.title')}</PageTitle>
      <p className="backoffice-lead">{t('home.lead')}</p>
      {work.isPending ? (
        <Loading />
      ) : work.error ? (
        <LoadError error={work.error} onRetry={() => work.refetch()} retrying={work.isFetching} />
      ) : (
        <ul className="work-queues">
          {QUEUES.map((queue) => {
            const waiting = work.data[queue.work];
            return (
              <li key={queue.work}>
                <Link to={queue.to} className={`card work-queue${waiting > 0 ? ' work-queue-waiting' : ''}`}>
                  <span className="work-queue-count">{waiting}</span>
                  <span className="work-queue-label">{t(queue.label, { count: waiting })}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
