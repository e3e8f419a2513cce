import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ROUTE_CHANGE_EVENT_DELAY_MS } from '../../domain/constants';
import { sendEvent } from './send-event';

/**
 * §7: a route-change event 50 ms after each location change. The delay lets the new page settle, and a
 * redirect straight away (an access guard sending the visitor to /login) counts as one change, not two.
 */
export function RouteChangeEvents(): null {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const href = new URL(`${pathname}${search}`, window.location.origin).href;
    const timer = window.setTimeout(
      () => sendEvent('navigation', 'route-change', { name: 'route-change' }, href),
      ROUTE_CHANGE_EVENT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [pathname, search]);
  return null;
}
