import { FLOW_MEMO_MAX_LENGTH, FLOW_MEMO_PATTERN } from '../../domain/flows';
import type { Region } from '../../domain/locale';

// §2 catch-all /{region}/*: an address with a region in front (/no/webshop, /dk/flows/x) is the same page in that
// region. Only the product's regions are prefixes; anything else is an ordinary (perhaps unknown) path.

/** The region an address names in front and the address without it (`/no/flows/x` → no, `/flows/x`), or null. */
export function regionPath(pathname: string): { region: Region; path: string } | null {
  const match = /^\/(dk|no)(\/.*)?$/.exec(pathname);
  if (!match) return null;
  const rest = match[2] ?? '/';
  // A run of slashes would make `//host` a protocol-relative address: one slash is kept.
  const path = `/${rest.replace(/^\/+/, '')}`;
  return { region: match[1] as Region, path };
}

/**
 * Whether a top-level path segment is a fully qualified flow memo (`demo.found-a-bike`, FLOW_MEMO_PATTERN: it has a
 * dot, which no page of the product has), so a mistyped page address (/abuot, /web-shop) stays the ordinary 404 page.
 */
export function isTopLevelFlowMemo(segment: string): boolean {
  return FLOW_MEMO_PATTERN.test(segment) && segment.length <= FLOW_MEMO_MAX_LENGTH;
}
