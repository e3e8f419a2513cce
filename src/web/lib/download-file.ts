import i18n from 'i18next';
import { ApiError } from './api-client';
import { useSessionStore } from './session-store';

// Files the API gives only to the signed-in owner (a bill of sale, a police report): fetched with the
// bearer token (a plain link would not carry the session, the API reads no cookie), then saved.

/** GET a file of the API as a Blob; a failure throws ApiError with the §8 body like every call. */
export async function fetchFile(path: string): Promise<Blob> {
  const token = useSessionStore.getState().token;
  let response: Response;
  try {
    response = await fetch(path, {
      headers: {
        accept: 'application/pdf, application/json',
        'accept-language': i18n.resolvedLanguage ?? 'da',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, null);
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: the text itself.
    }
    throw new ApiError(response.status, body);
  }
  return response.blob();
}

/** Saves a Blob as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
