import { useSyncExternalStore } from 'react';
import { normaliseTheme, type Theme } from '../../domain/locale';
import { serverState } from './server-state';

// Themes are sets of CSS variables (styles.css); the root element names the one in use (§1 main, dcu, nafBrand).
// The site's theme is the session's (chosen by a ?theme= link, kept in a cookie) or the signed-in person's
// (lib/account-theme.ts); a flow in a partner's own look (the NAF member flow) shows its theme over it while open.

let siteTheme: Theme = serverState.theme;
let flowTheme: Theme | null = null;
const listeners = new Set<() => void>();

const shownTheme = (): Theme => flowTheme ?? siteTheme;

function show(): void {
  document.documentElement.dataset.theme = shownTheme();
  for (const listener of listeners) listener();
}

/** The theme of the site from now on (the server keeps it too: PUT /identities/theme/). */
export function applyTheme(theme: Theme): void {
  siteTheme = theme;
  show();
}

/** A flow that is shown in a partner's theme while it is open; null when it closes. */
export function showFlowTheme(theme: Theme | null): void {
  flowTheme = theme;
  show();
}

/** The theme a link that opened this page named (?theme=), if any: it is the visitor's choice. */
export const themeFromAddress: Theme | null =
  typeof location !== 'undefined' && new URLSearchParams(location.search).has('theme')
    ? normaliseTheme(new URLSearchParams(location.search).get('theme'))
    : null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The theme shown now, for what differs by partner beyond colours (the logo, a few words). */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, shownTheme, shownTheme);
}
