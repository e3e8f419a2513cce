import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../lib/download-file';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { fetchPoliceReport } from './theft-api';

/** Downloads the police report (a PDF) of a bike's stolen report. */
export function PoliceReportButton({ bikeId, variant = 'secondary' }: { bikeId: string; variant?: 'primary' | 'secondary' }) {
  const { t } = useTranslation('theft');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setFailure(null);
    try {
      saveBlob(await fetchPoliceReport(bikeId), `${t('pdf.fileName')}-${bikeId.slice(0, 8)}.pdf`);
    } catch (error) {
      const outcome = readApiError(error, t);
      setFailure(outcome.kind === 'message' ? outcome.text : t('errors:server_error'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="theft-pdf">
      <Button variant={variant} onClick={() => void download()} busy={busy}>
        {t('pdf.download')}
      </Button>
      {failure && <Alert>{failure}</Alert>}
    </div>
  );
}
