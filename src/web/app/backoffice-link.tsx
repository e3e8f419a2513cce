import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { BACKOFFICE_READ_ROLES } from '../../domain/roles';
import { fetchProfile, profileKey } from '../lib/profile';
import { queryClient } from '../lib/query-client';
import { useSession } from '../lib/session-store';

/**
 * The header's link to the backoffice, for staff, admins and the revisor. The role is not in the token, so it comes
 * from the profile, through the same cached query the signed-in pages read (they fetch it anyway: no extra request
 * there); loaded lazily by the header, so a visitor's page carries none of it.
 */
export function BackofficeLink() {
  const { t } = useTranslation();
  const personId = useSession()?.identity_party_id ?? '';
  const profile = useQuery(
    { queryKey: profileKey(personId), queryFn: ({ signal }) => fetchProfile(signal), enabled: personId !== '', staleTime: 5 * 60_000 },
    queryClient,
  );
  const role = profile.data?.role;
  if (!(BACKOFFICE_READ_ROLES as readonly (string | undefined)[]).includes(role)) return null;
  return (
    <NavLink to="/backoffice" className="nav-link">
      {t('nav.backoffice')}
    </NavLink>
  );
}
