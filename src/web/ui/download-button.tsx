import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../lib/download-file';
import { readApiError } from '../lib/errors';
import { Alert } from './alert';
import { Button } from './button';

/** A button that fetches a private file with the session and saves it; a failure is said in the user's language beside it. */
export function DownloadButton({
  label,
  fileName,
  fetchFile,
  variant = 'secondary',
  note,
}: {
  label: string;
  fileName: string;
  fetchFile: () => Promise<Blob>;
  variant?: 'primary' | 'secondary';
  /** Said next to the button (e.g. that each download is logged). */
  note?: ReactNode;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setFailure(null);
    try {
      saveBlob(await fetchFile(), fileName);
    } catch (error) {
      const outcome = readApiError(error, t);
      setFailure(outcome.kind === 'message' ? outcome.text : t('errors:server_error'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant={variant} onClick={() => void download()} busy={busy}>
        {label}
      </Button>
      {note}
      {failure && <Alert>{failure}</Alert>}
    </>
  );
}
