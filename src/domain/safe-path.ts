// Return addresses (§2 post_login_redirect and the stored return path, the sign-up's next=, the national ID
// trip's success_url and failure_url): one check for the server and the web, so that no address a page
// follows or a link shows can lead off the site.

/** What the URL parser drops before reading an address: tabs and newlines anywhere, C0 controls and spaces at the ends. */
function asParsed(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters the URL parser strips
  return value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
}

/**
 * A return address as a normalised path on this site (`pathname + search + hash`), or null. The value is
 * resolved against `origin` as a browser would (dropping tabs and newlines, reading `\` as `/`, applying
 * `.` and `..`); it counts only when it is a path (`/…`) or an absolute address on `origin`, and stays
 * there. A resolved path starting with `//` is refused too: `/.//evil.example` resolves to `//evil.example`,
 * which a browser, a link or a Location header reads as another host. A bare relative path (`app/x`,
 * `%2F%2Fevil.example`) is refused: what it means depends on the page it is read on.
 */
export function sameSitePath(value: string | null | undefined, origin: string): string | null {
  if (!value) return null;
  const cleaned = asParsed(value);
  const own = new URL(origin);
  let url: URL;
  try {
    url = new URL(cleaned, own);
  } catch {
    return null;
  }
  const absolute = /^[a-z][a-z\d+.-]*:/i.test(cleaned);
  if (url.origin !== own.origin || (!absolute && !cleaned.startsWith('/'))) return null;
  const path = url.pathname + url.search + url.hash;
  return path.startsWith('//') ? null : path;
}
