import { useTranslation } from 'react-i18next';
import { fetchFile } from '../lib/download-file';
import { DownloadButton } from '../ui/download-button';

/** Data portability (issue 15): everything stored about the person as one JSON file (GET /api/identities/me/export). */
export function ExportSection() {
  const { t } = useTranslation('settings');
  const day = new Date().toISOString().slice(0, 10);
  return (
    <section className="card settings-section" aria-labelledby="export-title">
      <h2 id="export-title">{t('export.title')}</h2>
      <p>{t('export.body')}</p>
      <div className="actions">
        <DownloadButton
          label={t('export.download')}
          fileName={`${t('export.fileName')}-${day}.json`}
          fetchFile={() => fetchFile('/api/identities/me/export')}
        />
      </div>
    </section>
  );
}
