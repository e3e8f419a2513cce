import { Outlet } from 'react-router';
import { ApiError } from '../lib/api-client';
import { BackofficeNav } from './backoffice-nav';
import { Forbidden } from './tickets-page';
import { useBackofficeWork } from './work-api';
import './backoffice.css';

/** Every backoffice page: the menu with the work waiting beside it, then the page. Someone without a backoffice role sees why not. */
export function BackofficeLayout() {
  const work = useBackofficeWork();
  if (work.error instanceof ApiError && work.error.status === 403) return <Forbidden />;
  return (
    <div className="backoffice-shell">
      <BackofficeNav work={work.data} />
      <div className="backoffice-main">
        <Outlet />
      </div>
    </div>
  );
}
