import i18n from 'i18next';
import { useSessionStore } from './session-store';
import { noteSiteVersion } from './site-version';

/** A failed API call, read by the §8 rules in errors.ts. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`API ${status}`);
  }
}

/** One id per browser tab, sent with every request (§7). */
function sessionId(): string {
  const key = 'session-id';
  let id = sessionStorage.getItem(key);
  if (!id) {
    id = crypto.randomUUID();
    sessionStorage.setItem(key, id);
  }
  return id;
}

let onInvalidToken: () => void = () => {};
/** The router registers how to go to /login when the server says invalid_token (§4). */
export function setInvalidTokenHandler(handler: () => void): void {
  onInvalidToken = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Headers a call adds, e.g. the approval of an act (x-approval-id). */
  headers?: Record<string, string>;
}

/** Calls the API under /api with the headers §7 asks for, and throws ApiError on failure. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = useSessionStore.getState().token;
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': i18n.resolvedLanguage ?? i18n.language ?? 'da',
    'x-session-id': sessionId(),
    'x-app-version': __APP_VERSION__,
  };
  Object.assign(headers, options.headers);
  if (token) headers.authorization = `Bearer ${token}`;
  // A FormData body (a file upload) sets its own multipart content type.
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, null);
  }
  noteSiteVersion(response.headers.get('x-site-version'));
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (!response.ok) {
    if (response.status === 401 && (body as { detail?: unknown } | null)?.detail === 'invalid_token') {
      useSessionStore.getState().logOut();
      onInvalidToken();
    }
    throw new ApiError(response.status, body);
  }
  return body as T;
}
