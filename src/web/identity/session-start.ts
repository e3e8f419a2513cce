import type { Language } from '../../domain/locale';
import { api } from '../lib/api-client';
import { useSessionStore } from '../lib/session-store';
import { showsAccountLanguage, switchLanguage } from '../lib/switch-language';

interface LanguageAnswer {
  language: Language;
}

/** Shows the app in `language`, and keeps it in the language cookie so a reload agrees (§1). */
export async function showLanguage(language: Language): Promise<void> {
  if (showsAccountLanguage(language)) return;
  await switchLanguage(language);
  try {
    await api<LanguageAnswer>('/identities/language/', { method: 'PUT', body: { language } });
  } catch {
    // The page already shows the language; the cookie follows at the next change.
  }
}

/**
 * Keeps a new login token and switches to the account's language. Returns the stored return path
 * (§2), which is cleared so that it is followed only once.
 */
export async function startSession(token: string): Promise<string | null> {
  const store = useSessionStore.getState();
  const returnPath = store.returnPath;
  store.setToken(token);
  store.setReturnPath(null);
  try {
    const { language } = await api<LanguageAnswer>('/identities/language/');
    await showLanguage(language);
  } catch {
    // The language is a nicety; logging in has already worked.
  }
  return returnPath;
}
