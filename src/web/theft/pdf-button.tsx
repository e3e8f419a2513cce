import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../ui/download-button';
import { fetchPoliceReport } from './theft-api';

/** Downloads the police report (a PDF) of a bike's stolen report. */
export function PoliceReportButton({ bikeId, variant = 'secondary' }: { bikeId: string; variant?: 'primary' | 'secondary' }) {
  const { t } = useTranslation('theft');
  return (
    <div className="theft-pdf">
      <DownloadButton
        label={t('pdf.download')}
        fileName={`${t('pdf.fileName')}-${bikeId.slice(0, 8)}.pdf`}
        fetchFile={() => fetchPoliceReport(bikeId)}
        variant={variant}
      />
    </div>
  );
}
