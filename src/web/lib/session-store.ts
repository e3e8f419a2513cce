import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { type Session, validSession } from '../../domain/session';

interface SessionState {
  token: string | null;
  /** Where to go after login (§2 Access redirects: the stored target path). */
  returnPath: string | null;
  setToken(token: string | null): void;
  setReturnPath(path: string | null): void;
  logOut(): void;
}

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      returnPath: null,
      setToken: (token) => set({ token }),
      setReturnPath: (returnPath) => set({ returnPath }),
      logOut: () => set({ token: null }),
    }),
    { name: 'session', storage: createJSONStorage(() => localStorage), version: 1 },
  ),
);

/**
 * Logs out: the server first retires the token (DELETE /api/identities/authentications), then the browser
 * forgets it. A failed call (offline, token already refused) still logs out here.
 */
export async function endSession(): Promise<void> {
  const { token } = useSessionStore.getState();
  if (token) {
    try {
      await fetch('/api/identities/authentications', { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    } catch {
      // Offline: the token is forgotten here all the same.
    }
  }
  useSessionStore.getState().logOut();
}

export function useSession(): Session | null {
  const token = useSessionStore((s) => s.token);
  return validSession(token);
}

/**
 * The party the user acts as (themselves, or an organisation they chose: §6), '' when signed out. Query keys
 * of the signed-in app start with it, so a cache left from another user or party is never shown.
 */
export function useActingParty(): string {
  return useSession()?.party_id ?? '';
}
