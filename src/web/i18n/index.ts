import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_FALLBACK_ORDER, type Language } from '../../domain/locale';

// Catalogs: one JSON file per language and namespace (an area of the product), loaded when first needed,
// so a page ships only its own texts. Error texts come from the domain catalog shared with the server.
export const UI_LANGUAGES = ['da', 'en', 'no', 'is'] as const;

const ERROR_TEXTS: Record<Language, () => Promise<Record<string, string>>> = {
  da: () => import('../../domain/error-texts/da').then((m) => m.da),
  en: () => import('../../domain/error-texts/en').then((m) => m.en),
  no: () => import('../../domain/error-texts/no').then((m) => m.no),
};

const catalogs = import.meta.glob<{ default: Record<string, unknown> }>('./*/*.json');

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (namespace === 'errors') {
      // Only this language's texts, a small chunk of their own; Icelandic shows the English ones.
      const load = ERROR_TEXTS[language as Language] ?? ERROR_TEXTS.en;
      load().then(
        (texts) => callback(null, texts),
        (err: Error) => callback(err, null),
      );
      return;
    }
    const load = catalogs[`./${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (err: Error) => callback(err, null),
    );
  },
};

export function initI18n(language: string): Promise<unknown> {
  return i18n
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: [...UI_LANGUAGES],
      // da, en and no are complete (catalogs.test.ts), so only the partial Icelandic falls back, in the
      // §1 order; the full languages load no second catalog.
      fallbackLng: (code) => (code === 'is' ? LANGUAGE_FALLBACK_ORDER : []),
      ns: ['common', 'errors'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
}

export default i18n;
