import type { Region, Theme, UiLanguage } from '../../domain/locale';
import { DEFAULT_LANGUAGE, DEFAULT_REGION, DEFAULT_THEME, normaliseRegion, normaliseTheme, normaliseUiLanguage } from '../../domain/locale';

/** The state the server injected into the page (§1); defaults when the page came from the dev server. */
export interface ServerState {
  /** The page's language: Icelandic too (partial texts, §1). */
  language: UiLanguage;
  region: Region;
  theme: Theme;
  siteVersion: string;
  embedded: boolean;
  devMailbox: boolean;
  /** Map tiles ({z}/{x}/{y}); null: maps show only the bundled outline of Denmark and Norway. */
  mapTileUrl: string | null;
  mapTileAttribution: string;
  /** The tag manager container (GTM-…), loaded only after consent to statistics; null: none, and no consent banner. */
  tagManagerId: string | null;
}

function read(): ServerState {
  const fallback: ServerState = {
    language: DEFAULT_LANGUAGE,
    region: DEFAULT_REGION,
    theme: DEFAULT_THEME,
    siteVersion: 'dev',
    embedded: true,
    devMailbox: import.meta.env.DEV,
    mapTileUrl: null,
    mapTileAttribution: '',
    tagManagerId: null,
  };
  const element = typeof document === 'undefined' ? null : document.getElementById('app-state');
  if (!element?.textContent) return fallback;
  try {
    const raw = JSON.parse(element.textContent) as Partial<ServerState>;
    return {
      language: normaliseUiLanguage(raw.language),
      region: normaliseRegion(raw.region),
      theme: normaliseTheme(raw.theme),
      siteVersion: typeof raw.siteVersion === 'string' ? raw.siteVersion : 'dev',
      embedded: raw.embedded === true,
      devMailbox: raw.devMailbox === true,
      mapTileUrl: typeof raw.mapTileUrl === 'string' && raw.mapTileUrl ? raw.mapTileUrl : null,
      mapTileAttribution: typeof raw.mapTileAttribution === 'string' ? raw.mapTileAttribution : '',
      tagManagerId: typeof raw.tagManagerId === 'string' && /^GTM-[A-Z0-9]+$/.test(raw.tagManagerId) ? raw.tagManagerId : null,
    };
  } catch {
    return fallback;
  }
}

export const serverState: ServerState = read();
