import { useEffect } from 'react';
import type { Profile } from '../../domain/identity';
import { api } from './api-client';
import { useProfile } from './profile';
import { showsAccountLanguage, switchLanguage } from './switch-language';

// Accounts whose language was applied in this page load: later changes come from the user, not the account.
const applied = new Set<string>();

/**
 * The system language is part of the profile (§3): on the first profile load after a page load, the account's
 * language wins over the browser's. The cookie follows, so the next page load starts in that language.
 */
export function useAccountLanguage(profile: Profile | undefined): void {
  useEffect(() => {
    if (!profile || applied.has(profile.party_id)) return;
    applied.add(profile.party_id);
    if (showsAccountLanguage(profile.language)) return;
    void switchLanguage(profile.language);
    api('/identities/language/', { method: 'PUT', body: { language: profile.language } }).catch(() => {
      // The page is in the right language already; the cookie is only a head start for the next load.
    });
  }, [profile]);
}

/** Applies the account's language on every signed-in page (the app, the insurer's area, the backoffice, the webshop's pages). */
export function AccountLanguage(): null {
  useAccountLanguage(useProfile().data);
  return null;
}
