import i18next from 'i18next';
import type { ErrorCode } from '../../domain/errors.js';
import { LANGUAGES, type Language } from '../../domain/locale.js';
import daBikeTerms from '../../i18n/da/bike-terms.json' with { type: 'json' };
import daCommon from '../../i18n/da/common.json' with { type: 'json' };
import daCommutingDeduction from '../../i18n/da/commuting-deduction.json' with { type: 'json' };
import daDevIdp from '../../i18n/da/dev-idp.json' with { type: 'json' };
import daDevPay from '../../i18n/da/dev-pay.json' with { type: 'json' };
import daErrors from '../../i18n/da/errors.json' with { type: 'json' };
import daMail from '../../i18n/da/mail.json' with { type: 'json' };
import daPdf from '../../i18n/da/pdf.json' with { type: 'json' };
import daWebshop from '../../i18n/da/webshop.json' with { type: 'json' };
import enBikeTerms from '../../i18n/en/bike-terms.json' with { type: 'json' };
import enCommon from '../../i18n/en/common.json' with { type: 'json' };
import enCommutingDeduction from '../../i18n/en/commuting-deduction.json' with { type: 'json' };
import enDevIdp from '../../i18n/en/dev-idp.json' with { type: 'json' };
import enDevPay from '../../i18n/en/dev-pay.json' with { type: 'json' };
import enErrors from '../../i18n/en/errors.json' with { type: 'json' };
import enMail from '../../i18n/en/mail.json' with { type: 'json' };
import enPdf from '../../i18n/en/pdf.json' with { type: 'json' };
import enWebshop from '../../i18n/en/webshop.json' with { type: 'json' };
import noBikeTerms from '../../i18n/no/bike-terms.json' with { type: 'json' };
import noCommon from '../../i18n/no/common.json' with { type: 'json' };
import noCommutingDeduction from '../../i18n/no/commuting-deduction.json' with { type: 'json' };
import noDevIdp from '../../i18n/no/dev-idp.json' with { type: 'json' };
import noDevPay from '../../i18n/no/dev-pay.json' with { type: 'json' };
import noErrors from '../../i18n/no/errors.json' with { type: 'json' };
import noMail from '../../i18n/no/mail.json' with { type: 'json' };
import noPdf from '../../i18n/no/pdf.json' with { type: 'json' };
import noWebshop from '../../i18n/no/webshop.json' with { type: 'json' };

// The server's texts (error answers, mails, PDFs) come from the same i18next catalogs as the web's
// (src/i18n/<language>/<namespace>.json): imported as JSON, so they are loaded once at start, with no
// backend, and tsc copies them beside the compiled server (dist/i18n). Only the namespaces the server
// reads are imported: its own (errors, mail, pdf, dev-idp and dev-pay: the development identity and payment providers' pages) and the web's words it needs too (bike-terms: colours
// and categories; common: the product's name; webshop: the products' names and descriptions; commuting-deduction: the result of the commuter survey, issue 16). The server answers in da, en or no, each complete (src/i18n/catalogs.test.ts).
const RESOURCES = {
  da: {
    errors: daErrors,
    mail: daMail,
    pdf: daPdf,
    'bike-terms': daBikeTerms,
    common: daCommon,
    'commuting-deduction': daCommutingDeduction,
    'dev-idp': daDevIdp,
    'dev-pay': daDevPay,
    webshop: daWebshop,
  },
  en: {
    errors: enErrors,
    mail: enMail,
    pdf: enPdf,
    'bike-terms': enBikeTerms,
    common: enCommon,
    'commuting-deduction': enCommutingDeduction,
    'dev-idp': enDevIdp,
    'dev-pay': enDevPay,
    webshop: enWebshop,
  },
  no: {
    errors: noErrors,
    mail: noMail,
    pdf: noPdf,
    'bike-terms': noBikeTerms,
    common: noCommon,
    'commuting-deduction': noCommutingDeduction,
    'dev-idp': noDevIdp,
    'dev-pay': noDevPay,
    webshop: noWebshop,
  },
} satisfies Record<Language, Record<string, object>>;

export type Namespace = keyof (typeof RESOURCES)['da'];

const instance = i18next.createInstance();
void instance.init({
  resources: RESOURCES,
  lng: 'da',
  supportedLngs: [...LANGUAGES],
  // Every language is complete, so a missing text is a bug the catalog test catches, not a fallback.
  fallbackLng: false,
  ns: Object.keys(RESOURCES.da),
  defaultNS: 'errors',
  // Mails escape their HTML themselves and PDFs are not HTML.
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** Values put into a text's {{placeholders}}; `count` also picks the plural form. */
export type TextValues = Record<string, string | number>;

/** A text in the given language: `key` is `namespace:path.to.text`, or a path in `errors`. */
export function t(language: Language, key: string, values?: TextValues): string {
  return instance.t(key, { ...values, lng: language });
}

export type FixedT = (key: string, values?: TextValues) => string;

/** A text function fixed to one language and namespace, and optionally to a part of it (`keyPrefix`). */
export function getFixedT(language: Language, namespace: Namespace, keyPrefix?: string): FixedT {
  const fixed = instance.getFixedT(language, namespace, keyPrefix);
  return (key, values) => fixed(key, values);
}

/** The locale of dates and numbers written in a language (Intl), the same as the web's. */
export const INTL_LOCALES: Readonly<Record<Language, string>> = { da: 'da-DK', en: 'en-GB', no: 'nb-NO' };

/** The user message of an error code (§8) in the given language. */
export function errorMessage(code: ErrorCode, language: Language): string {
  return t(language, `errors:${code}`);
}
