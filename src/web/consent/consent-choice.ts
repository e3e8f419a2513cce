// The visitor's choice about statistics cookies (§1 tag manager), kept in this browser (localStorage): consent
// under the ePrivacy rules is given per device, so it is not the account's `marketing` consent, which is about
// offers by mail. A choice older than a year counts as none, so the visitor is asked again.

export type ConsentChoice = 'statistics' | 'necessary';

export interface StoredChoice {
  choice: ConsentChoice;
  /** When it was made (ISO). */
  at: string;
}

export const CONSENT_STORAGE_KEY = 'cookie-consent';
const CHOICE_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

/** The choice still in force, read from what was stored (anything unreadable or too old is no choice). */
export function choiceInForce(stored: string | null, now: number): ConsentChoice | null {
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as Partial<StoredChoice>;
    const at = Date.parse(String(value.at));
    if (value.choice !== 'statistics' && value.choice !== 'necessary') return null;
    if (!Number.isFinite(at) || at > now || now - at > CHOICE_LIFETIME_MS) return null;
    return value.choice;
  } catch {
    return null;
  }
}

export function storedChoice(choice: ConsentChoice, now: number): string {
  return JSON.stringify({ choice, at: new Date(now).toISOString() } satisfies StoredChoice);
}
