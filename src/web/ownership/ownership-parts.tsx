import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Transfer } from '../../domain/ownership';
import { ApiError } from '../lib/api-client';
import { saveBlob } from '../lib/download-file';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { fetchBillOfSale } from './ownership-api';
import './ownership.css';

// Small pieces shared by the ownership pages: error texts, the status label, the bill-of-sale download.

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
