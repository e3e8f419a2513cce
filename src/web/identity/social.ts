import type { SocialAnswer, SocialIntent, SocialProvider, SocialStart, SocialStartAnswer } from '../../domain/social';
import { api } from '../lib/api-client';

// Social sign-in in the browser: the list of providers, the start of a trip (the sealed flow is kept in
// sessionStorage until the provider sends the person back to /login/social/callback), and its end.

const PENDING_KEY = 'social-flow';

export interface PendingSocial {
  provider: string;
  name: string;
  intent: SocialIntent;
  flow: string;
  /** The login page's query (post_login_redirect, §2), followed after the login. */
  search: string;
  /** Sign-up: the region (for the §2 welcome page) and whether the newsletter was chosen. */
  region?: string;
  newsletter?: boolean;
}

let providers: Promise<SocialProvider[]> | null = null;

/** The providers the server offers; asked once per page load, and none when the call fails. */
export function socialProviders(): Promise<SocialProvider[]> {
  providers ??= api<SocialProvider[]>('/identities/social-providers').catch(() => {
    providers = null;
    return [];
  });
  return providers;
}

/** Starts the trip and leaves for the provider. */
export async function startSocial(
  provider: SocialProvider,
  start: SocialStart,
  extra: Pick<PendingSocial, 'search' | 'newsletter'> = { search: '' },
): Promise<void> {
  const answer = await api<SocialStartAnswer>(`/identities/social/${encodeURIComponent(provider.id)}/start`, {
    method: 'POST',
    body: start,
  });
  const pending: PendingSocial = {
    provider: provider.id,
    name: provider.name,
    intent: start.intent,
    flow: answer.flow,
    ...extra,
    ...(start.chosen_region ? { region: start.chosen_region } : {}),
  };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  window.location.assign(answer.authorization_url);
}

export function readPendingSocial(): PendingSocial | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null');
    if (!value || typeof value !== 'object') return null;
    const p = value as Partial<PendingSocial>;
    if (typeof p.provider !== 'string' || typeof p.flow !== 'string' || (p.intent !== 'login' && p.intent !== 'signup')) return null;
    return {
      provider: p.provider,
      name: String(p.name ?? p.provider),
      intent: p.intent,
      flow: p.flow,
      search: String(p.search ?? ''),
      ...(typeof p.region === 'string' ? { region: p.region } : {}),
      newsletter: p.newsletter === true,
    };
  } catch {
    return null;
  }
}

export function clearPendingSocial(): void {
  sessionStorage.removeItem(PENDING_KEY);
}

/** Redeems the code: sign in (POST /identities/authentications/{provider}) or sign up (POST /identities/{provider}). */
export function completeSocial(pending: PendingSocial, callback: { code: string; state: string; iss?: string }): Promise<SocialAnswer> {
  const path =
    pending.intent === 'signup'
      ? `/identities/${encodeURIComponent(pending.provider)}`
      : `/identities/authentications/${encodeURIComponent(pending.provider)}`;
  return api<SocialAnswer>(path, { method: 'POST', body: { ...callback, flow: pending.flow } });
}
