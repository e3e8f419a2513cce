import { create } from 'zustand';
import { CONSENT_STORAGE_KEY, type ConsentChoice, choiceInForce, storedChoice } from './consent-choice';
import { forgetStatisticsCookies, tagManagerLoaded } from './tag-manager';

interface ConsentState {
  /** The choice in force in this browser; null: not asked yet (or a year ago). */
  choice: ConsentChoice | null;
  /** The banner shown again from a "cookie settings" button, and the button to give focus back to. */
  settingsOpen: boolean;
  opener: HTMLElement | null;
}

function readChoice(): ConsentChoice | null {
  try {
    return choiceInForce(localStorage.getItem(CONSENT_STORAGE_KEY), Date.now());
  } catch {
    return null;
  }
}

export const useConsentStore = create<ConsentState>()(() => ({
  choice: typeof window === 'undefined' ? null : readChoice(),
  settingsOpen: false,
  opener: null,
}));

/** Keeps the visitor's choice. Withdrawing it after the tag manager ran reloads the page without it. */
export function chooseConsent(choice: ConsentChoice): void {
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, storedChoice(choice, Date.now()));
  } catch {
    // Storage refused (private mode): the choice holds for this page.
  }
  const { opener } = useConsentStore.getState();
  useConsentStore.setState({ choice, settingsOpen: false, opener: null });
  if (choice === 'necessary' && tagManagerLoaded()) {
    // A script once run cannot be taken back: its cookies go, and the page starts again without it.
    void forgetStatisticsCookies()
      .catch(() => undefined)
      .finally(() => window.location.reload());
    return;
  }
  if (opener?.isConnected) opener.focus();
}

/** Shows the banner again so the choice can be changed ("cookie settings"). */
export function openCookieSettings(opener: HTMLElement | null): void {
  useConsentStore.setState({ settingsOpen: true, opener });
}
