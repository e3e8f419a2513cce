import type { Theme } from '../../domain/locale';

/** Themes are sets of CSS variables (styles.css); the root element names the one in use. */
export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
}
