import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { SwitchBannerSlot } from '../backoffice/switch-banner-slot';
import { RouteChangeEvents } from '../events/route-change-events';
import { serverState } from '../lib/server-state';
import { endSession, useSession } from '../lib/session-store';
import { Loading } from '../ui/spinner';
import { AccessGuard } from './access-guard';
import { PageErrorBoundary } from './error-boundary';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';
import { SiteFooter } from './site-footer';
import { SlowRouteNotice } from './slow-route-notice';

// The unread count beside Messages: its own chunk, fetched only for a signed-in user (public pages stay light).
const UnreadBadge = lazy(() => import('../chats/unread-badge').then((m) => ({ default: m.UnreadBadge })));
// The backoffice link needs the role, which the token does not carry: its own chunk too, for signed-in users only.
const BackofficeLink = lazy(() => import('./backoffice-link').then((m) => ({ default: m.BackofficeLink })));
// The consent banner only where a tag manager is configured: without one no cookie needs a consent, and the
// page loads nothing of it.
const ConsentBanner = lazy(() => import('../consent/consent-banner').then((m) => ({ default: m.ConsentBanner })));

export function Layout() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const menu = useRef<HTMLElement>(null);
  // A link followed from the phone menu closes it (the page changes under it, not the document).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page
  useEffect(() => {
    if (menu.current?.matches(':popover-open')) menu.current.hidePopover();
  }, [location.pathname]);
  const logOut = async () => {
    await endSession();
    navigate('/login');
  };
  return (
    <div className="shell">
      <RouteChangeEvents />
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      {serverState.tagManagerId && (
        <Suspense fallback={null}>
          <ConsentBanner tagManagerId={serverState.tagManagerId} />
        </Suspense>
      )}
      <SlowRouteNotice />
      <SwitchBannerSlot />
      <header className="site-header">
        <div className="container header-inner">
          <Logo />
          {/* On a phone the links fold into a popover (no script needed to open or dismiss it). */}
          <button type="button" className="menu-button" popoverTarget="main-menu">
            <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
              <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            {t('nav.menu')}
            {/* The menu is closed on a phone: the unread count shows on its button too. */}
            {session && (
              <Suspense fallback={null}>
                <UnreadBadge />
              </Suspense>
            )}
          </button>
          <nav id="main-menu" popover="auto" ref={menu} className="header-nav" aria-label={t('nav.main')}>
            <LanguageSwitcher />
            <NavLink to="/stolen-bike-map" className="nav-link">
              {t('nav.stolenBikes')}
            </NavLink>
            <NavLink to="/search" className="nav-link">
              {t('nav.search')}
            </NavLink>
            {session ? (
              <>
                <NavLink to="/app/my-bikes" className="nav-link">
                  {t('nav.myBikes')}
                </NavLink>
                <NavLink to="/app/chats" className="nav-link">
                  {t('nav.messages')}
                  <Suspense fallback={null}>
                    <UnreadBadge />
                  </Suspense>
                </NavLink>
                <NavLink to="/app" end className="nav-link">
                  {t('nav.myAccount')}
                </NavLink>
                <NavLink to="/help" className="nav-link">
                  {t('nav.help')}
                </NavLink>
                <NavLink to="/support/chat" className="nav-link">
                  {t('nav.support')}
                </NavLink>
                {/* Acting as an insurance company (its members do, unless they chose otherwise): the token names it. */}
                {session.organisation_type === 'insurance_company' && (
                  <NavLink to={`/insurance/${encodeURIComponent(session.party_id)}/admin`} className="nav-link">
                    {t('nav.insurerArea')}
                  </NavLink>
                )}
                <Suspense fallback={null}>
                  <BackofficeLink />
                </Suspense>
                <button type="button" className="nav-link nav-button" onClick={() => void logOut()}>
                  {t('nav.logOut')}
                </button>
              </>
            ) : (
              <>
                <NavLink to="/login" className="nav-link">
                  {t('nav.logIn')}
                </NavLink>
                <Link to="/signup" className="btn btn-primary btn-small">
                  {t('nav.signUp')}
                </Link>
              </>
            )}
          </nav>
        </div>
      </header>
      <main id="main" className="container main" tabIndex={-1}>
        <PageErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<Loading />}>
            <AccessGuard>
              <Outlet />
            </AccessGuard>
          </Suspense>
        </PageErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}
