import { useEffect } from 'react';
import type { Profile } from '../../domain/identity';
import { api } from './api-client';
import { useProfile } from './profile';
import { serverState } from './server-state';
import { applyTheme, themeFromAddress } from './theme';

// Accounts whose theme was settled in this page load.
const settled = new Set<string>();

/**
 * §1 themes for a signed-in person, on the first profile load of a page load: a theme link just followed is their
 * choice now; otherwise the theme on their profile (so it follows them to any device they log in on); otherwise a
 * partner's theme this session arrived with is kept on the profile. The server keeps the result (profile and
 * session cookie), so the next page load starts in it.
 */
export function useAccountTheme(profile: Profile | undefined): void {
  useEffect(() => {
    if (!profile || settled.has(profile.party_id)) return;
    settled.add(profile.party_id);
    const session = serverState.theme;
    const chosen = themeFromAddress ?? profile.theme ?? (session !== 'main' ? session : null);
    if (!chosen) return;
    if (chosen !== session) applyTheme(chosen);
    if (chosen === profile.theme && chosen === session) return;
    api('/identities/theme/', { method: 'PUT', body: { theme: chosen } }).catch(() => {
      // The page shows the theme already; it is saved at the next page load.
    });
  }, [profile]);
}

/** Applies the person's theme on every signed-in page. */
export function AccountTheme(): null {
  useAccountTheme(useProfile().data);
  return null;
}
