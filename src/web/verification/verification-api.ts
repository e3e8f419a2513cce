import type { EidProvider } from '../../domain/verification';
import type {
  VerificationComplete,
  VerificationCompleteAnswer,
  VerificationStart,
  VerificationStartAnswer,
} from '../../domain/verification-schemas';
import { api } from '../lib/api-client';

// POST /identities/verifications/ and /identities/verifications/complete/ (§7), and what the tab keeps
// while the user is away at the provider.

export const startVerification = (body: VerificationStart) =>
  api<VerificationStartAnswer>('/identities/verifications/', { method: 'POST', body });

export const completeVerification = (body: VerificationComplete) =>
  api<VerificationCompleteAnswer>('/identities/verifications/complete/', { method: 'POST', body });

/** The trip in progress, kept in this tab (sessionStorage) until the provider sends the user back. */
export interface PendingVerification {
  session_id: string;
  type: 'verify' | 'approve';
  success_url: string;
  failure_url: string;
  provider: EidProvider | null;
}

const KEY = 'verification-pending';

export function savePending(pending: PendingVerification): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Storage may be off; the server still knows the session by its state.
  }
}

export function readPending(): PendingVerification | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingVerification>;
    if (typeof value.session_id !== 'string' || typeof value.success_url !== 'string' || typeof value.failure_url !== 'string') return null;
    return {
      session_id: value.session_id,
      type: value.type === 'approve' ? 'approve' : 'verify',
      success_url: value.success_url,
      failure_url: value.failure_url,
      provider: value.provider === 'bankid' || value.provider === 'mitid' ? value.provider : null,
    };
  } catch {
    return null;
  }
}

export function clearPending(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}

/** Where a page sends the user to verify or approve: the begin page, which sends them on to the provider. */
export function beginVerificationPath(options: {
  type: 'verify' | 'approve';
  act?: string;
  /** The subject of an act bound to one (delete_bike: the bike's id). */
  subjectId?: string;
  successUrl: string;
  failureUrl: string;
}): string {
  const params = new URLSearchParams({ type: options.type });
  if (options.act) params.set('act', options.act);
  if (options.subjectId) params.set('subject_id', options.subjectId);
  params.set('success_url', options.successUrl);
  params.set('failure_url', options.failureUrl);
  return `/app/redirects/verification-begin-redirect?${params}`;
}

/** What the complete page tells the page it returns to (router state, not the address: a reload does not repeat it). */
export type VerificationOutcome =
  | { kind: 'verified'; provider: EidProvider | null }
  | { kind: 'approved'; provider: EidProvider | null }
  | { kind: 'cancelled'; provider: EidProvider | null }
  | { kind: 'failed'; message: string };

export function outcomeOf(state: unknown): VerificationOutcome | null {
  const outcome = (state as { verification?: unknown } | null)?.verification as Partial<VerificationOutcome> | undefined;
  if (!outcome || typeof outcome !== 'object') return null;
  if (outcome.kind === 'failed') return typeof outcome.message === 'string' ? { kind: 'failed', message: outcome.message } : null;
  if (outcome.kind === 'verified' || outcome.kind === 'approved' || outcome.kind === 'cancelled') {
    const provider = outcome.provider === 'mitid' || outcome.provider === 'bankid' ? outcome.provider : null;
    return { kind: outcome.kind, provider };
  }
  return null;
}
