import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

// The §8 rules for reading a failed call, in one place.

export type ErrorOutcome = { kind: 'message'; text: string; field?: string } | { kind: 'redirect'; to: string } | { kind: 'login' };

interface FieldDetail {
  loc?: unknown[];
  msg?: string;
}

function preRegisteredPolicyRedirect(detail: unknown): string | null {
  let value = detail;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (value && typeof value === 'object' && 'pre_registered_policy' in value && 'insurer_party_id' in value) {
    const { insurer_party_id: insurer, pre_registered_policy: policy } = value as {
      insurer_party_id: unknown;
      pre_registered_policy: unknown;
    };
    if (typeof insurer !== 'string' && typeof insurer !== 'number') return null;
    // The page claims the policy by the insurer's number, when the answer names it.
    const query = typeof policy === 'string' && policy ? `?policy=${encodeURIComponent(policy)}` : '';
    return `/insurance/${encodeURIComponent(String(insurer))}/policy/contents-signup${query}`;
  }
  return null;
}

export function readApiError(error: unknown, t: TFunction): ErrorOutcome {
  if (!(error instanceof ApiError)) return { kind: 'message', text: t('errors:server_error') };
  const detail = (error.body as { detail?: unknown } | null)?.detail;
  if (error.status === 0) return { kind: 'message', text: t('errors:network') };
  if (error.status === 422 && Array.isArray(detail) && detail.length > 0) {
    // Show the first detail message, and name its field so the form can mark it.
    const first = detail[0] as FieldDetail;
    const field = Array.isArray(first.loc) ? first.loc.slice(1).join('.') : undefined;
    return { kind: 'message', text: first.msg ?? t('errors:server_error'), field: field || undefined };
  }
  if (error.status === 400) {
    const to = preRegisteredPolicyRedirect(detail);
    if (to) return { kind: 'redirect', to };
  }
  if (error.status === 401 && detail === 'invalid_token') return { kind: 'login' };
  if (typeof detail === 'string' && detail) return { kind: 'message', text: detail };
  return { kind: 'message', text: t('errors:server_error') };
}
