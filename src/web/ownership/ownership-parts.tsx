import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Transfer } from '../../domain/ownership';
import { eidProviderOf } from '../../domain/verification';
import { ApiError } from '../lib/api-client';
import { saveBlob } from '../lib/download-file';
import { readApiError } from '../lib/errors';
import { useProfile } from '../lib/profile';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { fetchBillOfSale } from './ownership-api';
import './ownership.css';

// Small pieces shared by the ownership pages: the provider's name, error texts, the status
// label, the bill-of-sale download and the return from the national ID provider.

/** "MitID", "BankID", or "MitID or BankID" before the profile is known. */
export function useProviderName(): string {
  const { t } = useTranslation('verification');
  const profile = useProfile();
  return t(`verification:provider.${profile.data ? eidProviderOf(profile.data.region) : 'any'}`);
}

export const errorCode = (error: unknown): string | null => {
  const code = error instanceof ApiError ? (error.body as { code?: unknown } | null)?.code : null;
  return typeof code === 'string' ? code : null;
};

/**
 * The text of a failed call: this area's own wording for the codes it explains (expired, no longer
 * pending, stolen …), else the server's text in the user's language (§8).
 */
export function ownershipErrorText(error: unknown, t: TFunction): string {
  const code = errorCode(error);
  if (code && t(`ownership:errors.${code}`, { defaultValue: '' })) return t(`ownership:errors.${code}`);
  const outcome = readApiError(error, t);
  return outcome.kind === 'message' ? outcome.text : t('errors:server_error');
}

/** The bike's name on a transfer (its public card: the recipient does not see the owner's nickname). */
export function transferBikeName(transfer: Transfer, unnamed: string): string {
  return [transfer.bike.brand_name, transfer.bike.model].filter(Boolean).join(' ') || unnamed;
}

export function TransferStatus({ status }: { status: Transfer['status'] }) {
  const { t } = useTranslation('ownership');
  return <span className={`ownership-status ownership-status-${status}`}>{t(`status.${status}`)}</span>;
}

/** Downloads the signed bill of sale (a PDF) of a transfer. */
export function BillOfSaleButton({ transferId }: { transferId: string }) {
  const { t } = useTranslation('ownership');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setFailure(null);
    try {
      saveBlob(await fetchBillOfSale(transferId), `${t('billOfSale.fileName')}-${transferId.slice(0, 8)}.pdf`);
    } catch (error) {
      setFailure(ownershipErrorText(error, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ownership-bill">
      <Button variant="secondary" onClick={() => void download()} busy={busy}>
        {t('billOfSale.download')}
      </Button>
      {failure && <Alert>{failure}</Alert>}
    </div>
  );
}

/**
 * The approval a page gets back from the national ID provider (?<param>=approved&approval_id=…), and a way
 * to take it out of the address once used, so a reload does not offer it again.
 */
export function useApprovalReturn(param: string): { approvalId: string | null; clear: () => void } {
  const [params, setParams] = useSearchParams();
  const approvalId = params.get(param) === 'approved' ? params.get('approval_id') : null;
  const clear = () => {
    const next = new URLSearchParams(params);
    next.delete(param);
    next.delete('approval_id');
    setParams(next, { replace: true });
  };
  return { approvalId, clear };
}

/** Approvals already handed to a call: each is single-use, so it is sent once whatever React does with effects. */
const usedApprovals = new Set<string>();

export function claimApproval(approvalId: string): boolean {
  if (usedApprovals.has(approvalId)) return false;
  usedApprovals.add(approvalId);
  return true;
}

/** The path of the current page with a query parameter set (for success addresses of the provider trip). */
export function withParam(path: string, name: string, value: string): string {
  const url = new URL(path, window.location.origin);
  url.searchParams.set(name, value);
  return url.pathname + url.search;
}
