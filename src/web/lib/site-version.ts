// §2: when the site version changes, the client reloads once. The server names its build in a header.
const RELOADED_KEY = 'reloaded-for-version';

export function noteSiteVersion(serverVersion: string | null): void {
  if (!serverVersion || serverVersion === 'dev' || __APP_VERSION__ === 'dev' || serverVersion === __APP_VERSION__) return;
  // Once per new version: if the reload still gives an old build (a cache), do not loop.
  if (sessionStorage.getItem(RELOADED_KEY) === serverVersion) return;
  sessionStorage.setItem(RELOADED_KEY, serverVersion);
  window.location.reload();
}

const chunkReloadKey = () => `chunk-reload:${window.location.pathname}`;

/** A lazily loaded page whose file could not be fetched (gone after a deploy), not yet reloaded for. */
export function shouldReloadForChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  if (!/dynamically imported module|Importing a module script failed|error loading dynamically/i.test(message)) return false;
  return !sessionStorage.getItem(chunkReloadKey());
}

/** Falls back to a full page load, once per page (§2). */
export function reloadForChunkError(): void {
  sessionStorage.setItem(chunkReloadKey(), '1');
  window.location.reload();
}
