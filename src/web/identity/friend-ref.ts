import { useEffect } from 'react';

// §3 friend_ref: the referral code of the link that brought a visitor to a sign-up page. Kept for the tab's
// session, so it survives a detour (to the login page and back, to a plate scan's sign-up) before signing up.
const KEY = 'friend-ref';

export function friendRefOf(params: URLSearchParams): string | undefined {
  const fromLink = params.get('friend_ref')?.trim().slice(0, 100);
  try {
    if (fromLink) sessionStorage.setItem(KEY, fromLink);
    return fromLink || sessionStorage.getItem(KEY) || undefined;
  } catch {
    // Storage refused (a private mode): the link's own code still counts.
    return fromLink || undefined;
  }
}

/** Remembers the code of the link that opened a sign-up page, so a detour before signing up keeps it. */
export function useFriendRef(params: URLSearchParams): void {
  useEffect(() => {
    friendRefOf(params);
  }, [params]);
}
