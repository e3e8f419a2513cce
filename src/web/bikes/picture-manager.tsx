import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BikeDetail, type Picture, type PictureKind, UPLOAD_MAX_BYTES } from '../../domain/bikes';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Spinner } from '../ui/spinner';
import { useDeletePicture, useUploadPicture } from './bike-files-api';
import { FilePicker } from './file-picker';
import { SignedImage } from './signed-image';

/** The public picture first: it is the one most owners add. */
const KINDS: readonly PictureKind[] = ['public', 'frame_number', 'plate', 'receipt', 'lock_proof'];

const PICTURE_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif';

/**
 * The bike's pictures by kind (§3): the public one (one per bike, a new one replaces it; seen by anyone
 * searching) and the private ones (frame number, plate, receipt, lock proof; seen only by the owner).
 */
export function PictureManager({ bike }: { bike: BikeDetail }) {
  const { t } = useTranslation('bike');
  return (
    <section className="bike-pictures" aria-labelledby="pictures" id="pictures-section">
      <h2 id="pictures" tabIndex={-1}>
        {t('pictures.title')}
      </h2>
      <p className="muted">{t('pictures.lead')}</p>
      <div className="bike-picture-kinds">
        {KINDS.map((kind) => (
          <PictureKindCard key={kind} bikeId={bike.id} kind={kind} pictures={bike.pictures.filter((p) => p.kind === kind)} />
        ))}
      </div>
    </section>
  );
}

function PictureKindCard({ bikeId, kind, pictures }: { bikeId: string; kind: PictureKind; pictures: Picture[] }) {
  const { t } = useTranslation(['bike', 'bike-terms']);
  const upload = useUploadPicture(bikeId);
  const remove = useDeletePicture(bikeId);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [asking, setAsking] = useState<Picture | null>(null);
  const kindName = t(`bike-terms:picture.${kind}`);
  const headingId = `picture-kind-${kind}`;

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const send = (file: File) => {
    setDone(null);
    setProblem(null);
    if (!file.type.startsWith('image/')) {
      setProblem(t('errors:file_type_not_allowed'));
      return;
    }
    if (file.size > UPLOAD_MAX_BYTES) {
      setProblem(t('errors:file_too_large'));
      return;
    }
    setPreview(URL.createObjectURL(file));
    upload.mutate(
      { kind, file },
      {
        onSuccess: () => setDone(t('pictures.uploaded', { kind: kindName })),
        onError: (error) => {
          const outcome = readApiError(error, t);
          setProblem(outcome.kind === 'message' ? outcome.text : t('errors:server_error'));
        },
        onSettled: () => setPreview(null),
      },
    );
  };

  const replaces = kind === 'public' && pictures.length > 0;
  const deleteFailure = remove.isError ? readApiError(remove.error, t) : null;

  return (
    <section className="card bike-picture-kind" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {kindName}{' '}
        <span className={`bike-visibility ${kind === 'public' ? 'bike-visibility-public' : ''}`}>
          {kind === 'public' ? t('pictures.public') : t('pictures.private')}
        </span>
      </h3>
      <p className="muted">{t(`pictures.help.${kind}`)}</p>
      {pictures.length === 0 && !preview && <p className="bike-empty-small">{t('pictures.none')}</p>}
      <ul className="bike-picture-grid">
        {pictures.map((picture) => (
          <li key={picture.id} className="bike-picture-tile">
            <SignedImage src={picture.thumbnail_url} alt={kindName} className="bike-picture-img" />
            <Button
              variant="link"
              onClick={() => setAsking(picture)}
              aria-label={t('pictures.deleteNamed', { kind: kindName })}
              disabled={remove.isPending}
            >
              {t('pictures.delete')}
            </Button>
          </li>
        ))}
        {preview && (
          <li className="bike-picture-tile bike-picture-uploading">
            <img src={preview} alt={t('pictures.previewAlt', { kind: kindName })} className="bike-picture-img" />
            <span className="bike-picture-progress" role="status">
              <Spinner size="small" /> {t('pictures.uploading')}
            </span>
          </li>
        )}
      </ul>
      <div aria-live="polite">
        {problem && <Alert>{problem}</Alert>}
        {deleteFailure?.kind === 'message' && <Alert>{deleteFailure.text}</Alert>}
        {done && <Alert tone="success">{done}</Alert>}
      </div>
      <FilePicker
        label={replaces ? t('pictures.replace') : pictures.length > 0 ? t('pictures.addAnother') : t('pictures.upload')}
        ariaLabel={t(replaces ? 'pictures.replaceNamed' : 'pictures.uploadNamed', { kind: kindName })}
        accept={PICTURE_ACCEPT}
        onFile={send}
        busy={upload.isPending}
      />
      <ConfirmDialog
        open={asking !== null}
        title={t('pictures.deleteTitle', { kind: kindName })}
        confirmLabel={t('pictures.deleteConfirm')}
        cancelLabel={t('pictures.cancel')}
        busy={remove.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() =>
          asking &&
          remove.mutate(asking.id, {
            onSuccess: () => setDone(t('pictures.deleted', { kind: kindName })),
            onSettled: () => setAsking(null),
          })
        }
      >
        <p>{t('pictures.deleteBody')}</p>
      </ConfirmDialog>
    </section>
  );
}
