import { lazy, Suspense } from 'react';
import { useSession } from '../lib/session-store';

// Part of every page (layout.tsx), so it is only this: the banner itself and its texts load when a
// switched session is seen (design.md: the public pages' first-load budget).
const SwitchBanner = lazy(() => import('./switch-banner').then((m) => ({ default: m.SwitchBanner })));

/** Shows the switch-user banner (§6) while the session is a switched one. */
export function SwitchBannerSlot() {
  const session = useSession();
  if (!session?.switched_by) return null;
  return (
    <Suspense fallback={null}>
      <SwitchBanner email={session.email} />
    </Suspense>
  );
}
