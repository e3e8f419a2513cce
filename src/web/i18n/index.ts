import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_FALLBACK_ORDER, UI_LANGUAGES } from '../../domain/locale';

// Catalogs: one JSON file per language and namespace (an area of the product) in src/i18n, shared with the
// server, loaded when first needed, so a page ships only its own texts. The error texts are the `errors`
// namespace, the same texts the server answers with.

/** A catalog as a file of the build (vite.config.ts catalogFiles); a missing one (Icelandic is partial) is empty. */
async function fetchCatalog(language: string, namespace: string): Promise<Record<string, unknown>> {
  const response = await fetch(`/i18n/${language}/${namespace}.json?v=${encodeURIComponent(__APP_VERSION__)}`);
  // An unknown path answers the app shell (HTML), so only a JSON answer is a catalog.
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('json')) return {};
  return (await response.json()) as Record<string, unknown>;
}

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    fetchCatalog(language, namespace).then(
      (texts) => callback(null, texts),
      (err: Error) => callback(err, null),
    );
  },
};

/** Starts the page's i18next (another instance for a test) in the language the server chose. */
export function initI18n(language: string, instance: I18n = i18next): Promise<unknown> {
  return instance
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: [...UI_LANGUAGES],
      // da, en and no are complete (catalogs.test.ts), so only the partial Icelandic falls back, key by key,
      // in the §1 order; the full languages load no second catalog.
      fallbackLng: (code) => (code === 'is' ? LANGUAGE_FALLBACK_ORDER : []),
      ns: ['common', 'errors'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
}
