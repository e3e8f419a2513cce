import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { type ApprovalAct, eidProviderOf } from '../../domain/verification';
import { ApiError } from '../lib/api-client';
import { useProfile } from '../lib/profile';
import { beginVerificationPath } from './verification-api';

// Step-up (§4): a sensitive act is approved with national ID. The page sends the user to the provider with
// the act (and the subject it is bound to); the provider sends them back to the page with
// ?<marker>=<value>&approval_id=…, and the act's call carries that approval once.

export interface StepUpOptions {
  act: ApprovalAct;
  /** The subject the approval is bound to (the bike of delete_bike, the transfer of confirm_transfer …). */
  subjectId?: string;
  /** The page to come back to; the current page (with its query) by default. */
  returnTo?: string;
  /**
   * A query parameter that marks the return with the approval (e.g. found=approved), for pages that show
   * something else before; without it, any approval_id in the address is this page's.
   */
  marker?: { name: string; value?: string };
}

export interface StepUp {
  /** Where to send the user to approve: the begin page, which sends them on to MitID or BankID. */
  approvePath: string;
  /** The approval the provider sent back to this page, until cleared. */
  approvalId: string | null;
  /** The marker's value on the way back (e.g. the transfer a confirmation was for). */
  markerValue: string | null;
  /** "MitID", "BankID", or "MitID or BankID" before the profile is known. */
  provider: string;
  /** Takes the approval (and the marker) out of the address, so a reload does not offer it again. */
  clear: () => void;
}

export function useStepUp({ act, subjectId, returnTo, marker }: StepUpOptions): StepUp {
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const provider = useProviderName();
  const here = returnTo ?? location.pathname + location.search;
  const successUrl = marker ? withParam(here, marker.name, marker.value ?? 'approved') : here;
  const markerValue = marker ? params.get(marker.name) : null;
  const marked = marker ? markerValue !== null && (marker.value === undefined || markerValue === marker.value) : true;
  return {
    approvePath: beginVerificationPath({ type: 'approve', act, subjectId, successUrl, failureUrl: here }),
    approvalId: marked ? params.get('approval_id') : null,
    markerValue,
    provider,
    clear: () => {
      const next = new URLSearchParams(params);
      if (marker) next.delete(marker.name);
      next.delete('approval_id');
      setParams(next, { replace: true });
    },
  };
}

/** "MitID", "BankID", or "MitID or BankID" before the profile is known. */
export function useProviderName(): string {
  const { t } = useTranslation('verification');
  const profile = useProfile();
  return t(`verification:provider.${profile.data ? eidProviderOf(profile.data.region) : 'any'}`);
}

/** The act's call was refused for want of a (valid, unused) approval: it expired or was used. */
export const isApprovalRequired = (error: unknown): boolean =>
  error instanceof ApiError && (error.body as { code?: unknown } | null)?.code === 'approval_required';

/** Approvals already handed to a call: each is single-use, so it is sent once whatever React does with effects. */
const usedApprovals = new Set<string>();

export function claimApproval(approvalId: string): boolean {
  if (usedApprovals.has(approvalId)) return false;
  usedApprovals.add(approvalId);
  return true;
}

/** A path with a query parameter set (for the success address of the provider trip). */
export function withParam(path: string, name: string, value: string): string {
  const url = new URL(path, window.location.origin);
  url.searchParams.set(name, value);
  return url.pathname + url.search;
}
