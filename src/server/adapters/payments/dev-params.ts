import { randomBytes } from 'node:crypto';
import type { FormValue } from './dev-form.js';

// What the development payment provider's API shares: Stripe's ids, its error answer, and readers of the
// parameters of a request body (dev-form.ts parses it) that refuse as Stripe refuses.

/** A Stripe-shaped id: its prefix (cs_test, pi, sub, price …) and random letters and digits. */
export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Now, in Stripe's unit (seconds since the epoch). */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** An error the API answers in Stripe's shape ({ error: { type, message, param, code } }), which the SDK turns into its classes. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
    readonly code?: string,
  ) {
    super(message);
  }

  body() {
    return {
      error: {
        type: 'invalid_request_error',
        message: this.message,
        ...(this.param ? { param: this.param } : {}),
        ...(this.code ? { code: this.code } : {}),
      },
    };
  }
}

/** Stripe's answer for an unknown id: 404 in the path, 400 when a parameter names it. */
export const resourceMissing = (object: string, id: string, param?: string) =>
  new StripeApiError(param ? 400 : 404, `No such ${object}: '${id}'`, param, 'resource_missing');

export const invalid = (param: string, message = `Invalid ${param}`) => new StripeApiError(400, message, param, 'parameter_invalid');

/** An object in a state the call does not apply to (Stripe's codes, e.g. payment_intent_unexpected_state). */
export const unexpectedState = (message: string, code: string) => new StripeApiError(400, message, undefined, code);

export type Params = Record<string, FormValue>;

export const str = (value: FormValue | undefined, param: string, max = 5000): string => {
  if (typeof value !== 'string' || value.length === 0 || value.length > max) throw invalid(param);
  return value;
};

export const optionalStr = (value: FormValue | undefined, param: string, max = 5000): string | null =>
  value === undefined ? null : str(value, param, max);

export const int = (value: FormValue | undefined, param: string, min: number, max: number): number => {
  const text = str(value, param, 12);
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) throw invalid(param, `Invalid integer: ${param}`);
  return Number(text);
};

export const bool = (value: FormValue | undefined, param: string): boolean | undefined => {
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw invalid(param, `Invalid boolean: ${param}`);
  return value === 'true';
};

export function oneOf<T extends string>(values: readonly T[], value: FormValue | undefined, param: string): T {
  const text = str(value, param, 100);
  if (!(values as readonly string[]).includes(text)) throw invalid(param, `Invalid ${param}: must be one of ${values.join(', ')}`);
  return text as T;
}

export const obj = (value: FormValue | undefined, param: string): Params => {
  if (value === undefined) return {};
  if (typeof value === 'string' || Array.isArray(value)) throw invalid(param, `Invalid object: ${param}`);
  return value;
};

export const list = (value: FormValue | undefined, param: string, max: number): FormValue[] => {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > max) throw invalid(param, `Invalid array: ${param}`);
  return value;
};

export const url = (value: FormValue | undefined, param: string): string => {
  const text = str(value, param);
  if (!/^https?:\/\//.test(text) || !URL.canParse(text.replaceAll('{CHECKOUT_SESSION_ID}', 'x'))) {
    throw invalid(param, `Not a valid URL: ${param}`);
  }
  return text;
};

export const metadataOf = (value: FormValue | undefined, param: string): Record<string, string> => {
  const entries = Object.entries(obj(value, param));
  if (entries.length > 50) throw invalid(param, 'Too many metadata keys');
  return Object.fromEntries(entries.map(([key, v]) => [key, str(v, `${param}[${key}]`, 500)]));
};

export const currencyOf = (value: FormValue | undefined, param: string): string => {
  const text = str(value, param, 3);
  if (!/^[a-z]{3}$/.test(text)) throw invalid(param, 'Invalid currency');
  return text;
};

/** The fields of a Stripe object the provider writes, checked against the SDK's own type of it. */
export type Shaped<T> = T extends object ? { [K in keyof T]?: Shaped<T[K]> } : T;

/** A Stripe list answer. */
export const listOf = (data: readonly unknown[], url: string) => ({ object: 'list', data, has_more: false, url });
