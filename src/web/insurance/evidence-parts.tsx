import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DocumentKind, PictureKind } from '../../domain/bikes';
import type { EvidenceStatus } from '../../domain/insurance-evidence';
import { uploadDocument, uploadPicture } from '../bikes/bike-files-api';
import { FilePicker } from '../bikes/file-picker';
import { readApiError } from '../lib/errors';
import '../bikes/bike.css';
import './evidence.css';

// What the possession and lock-test pages share: a file uploaded at once to the chosen bike (the bike's own
// picture and document calls, with their checks and limits), a status label, and the prefill of empty fields.

export interface UploadedFile {
  id: string;
  name: string;
}

type Upload = { picture: PictureKind } | { document: DocumentKind };

/** A labelled picker that uploads the chosen file to the bike and says what was uploaded (or why not). */
export function EvidenceUpload({
  bikeId,
  what,
  label,
  value,
  onUploaded,
  error,
}: {
  bikeId: string;
  what: Upload;
  label: string;
  value: UploadedFile | null;
  onUploaded: (file: UploadedFile) => void;
  error?: string;
}) {
  const { t } = useTranslation('insurance-evidence');
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const stored =
        'picture' in what ? await uploadPicture(bikeId, what.picture, file) : await uploadDocument(bikeId, what.document, file);
      return { id: stored.id, name: file.name };
    },
    onSuccess: onUploaded,
  });
  const failure = upload.isError ? readApiError(upload.error, t) : null;
  const accept = 'picture' in what ? 'image/*' : 'image/jpeg,image/png,image/webp,application/pdf';
  return (
    <div className={`evidence-upload${error ? ' field-invalid' : ''}`}>
      <p className="evidence-upload-label">{label}</p>
      <FilePicker
        label={value ? t('upload.replace') : t('upload.choose')}
        ariaLabel={label}
        accept={accept}
        busy={upload.isPending}
        disabled={bikeId === ''}
        onFile={(file) => upload.mutate(file)}
      />
      {value && !upload.isPending && (
        <p className="evidence-upload-done" role="status">
          <span aria-hidden="true">✓ </span>
          {t('upload.done', { name: value.name })}
        </p>
      )}
      {failure?.kind === 'message' && <p className="field-error">{failure.text}</p>}
      {error && !failure && <p className="field-error">{error}</p>}
    </div>
  );
}

export function StatusLabel({ status }: { status: EvidenceStatus }) {
  const { t } = useTranslation('insurance-evidence');
  return <span className={`evidence-status evidence-status-${status}`}>{t(`status.${status}`)}</span>;
}

/** Fills the fields still empty from `source` (each once: an emptied field stays empty). */
export function fillEmpty<V extends Record<string, string>>(values: V, source: Partial<Record<keyof V, string | null | undefined>>): V {
  const next = { ...values };
  for (const key of Object.keys(source) as (keyof V)[]) {
    const value = source[key];
    if (value && next[key] === '') next[key] = value as V[keyof V];
  }
  return next;
}
