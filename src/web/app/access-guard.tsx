import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { validSession } from '../../domain/session';
import { decideAccess } from '../lib/access';
import { setInvalidTokenHandler } from '../lib/api-client';
import { useSessionStore } from '../lib/session-store';

/** Applies the §2 access table on every navigation, and takes an `auth_token` from the address (§2). */
export function AccessGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const token = useSessionStore((s) => s.token);
  const session = validSession(token);

  const params = new URLSearchParams(location.search);
  const offered = params.get('auth_token');
  params.delete('auth_token');
  const rest = params.toString();
  const decision = offered === null ? decideAccess({ pathname: location.pathname, search: location.search, session }) : null;

  useEffect(() => {
    // A 401 invalid_token anywhere: the session is already cleared; go to login (§4).
    setInvalidTokenHandler(() => navigate('/login', { replace: true }));
  }, [navigate]);

  useEffect(() => {
    const store = useSessionStore.getState();
    // A valid offered token logs in; an invalid one is ignored.
    if (offered !== null && validSession(offered)) store.setToken(offered);
    // Expired or undecodable: cleared (§4), and the table sends the visitor on.
    else if (token && !session) store.logOut();
    if (decision?.kind === 'redirect' && decision.storeReturnPath) store.setReturnPath(decision.storeReturnPath);
  }, [offered, token, session, decision]);

  if (offered !== null) return <Navigate to={location.pathname + (rest ? `?${rest}` : '') + location.hash} replace />;
  if (decision?.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}
