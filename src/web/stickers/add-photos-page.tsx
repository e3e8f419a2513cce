import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Picture, PictureKind } from '../../domain/bikes';
import { api } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { PageTitle } from '../ui/page';
import { Loading, Spinner } from '../ui/spinner';
import { LoadFailed } from './bike-registered-page';
import { completePath } from './scan-paths';
import { useMyBike } from './use-my-bike';
import './stickers.css';

const SLOTS = [
  { kind: 'public', title: 'photos.publicTitle', body: 'photos.publicBody' },
  { kind: 'frame_number', title: 'photos.frameTitle', body: 'photos.frameBody' },
] as const;

/** /signup/from-scan/create-bikes-loop/{bikeId}/add-photos: the public picture and the (private) frame-number picture. */
export function AddPhotosPage() {
  const { t } = useTranslation('scan-register');
  const bikeId = useParams().bikeId ?? '';
  const [state, retry] = useMyBike(bikeId);

  if (state.kind === 'loading') return <Loading />;
  if (state.kind === 'failed') return <LoadFailed error={state.error} onRetry={retry} />;
  const existing = state.bike.pictures;

  return (
    <div className="sticker-page">
      <PageTitle>{t('photos.title')}</PageTitle>
      <p className="sticker-lead">{t('photos.lead')}</p>
      <div className="photo-slots">
        {SLOTS.map((slot) => (
          <PhotoSlot
            key={slot.kind}
            bikeId={bikeId}
            kind={slot.kind}
            title={t(slot.title)}
            body={t(slot.body)}
            initial={existing.filter((p) => p.kind === slot.kind).at(-1) ?? null}
          />
        ))}
      </div>
      <div className="actions">
        <Link to={completePath(bikeId)} className="btn btn-primary">
          {t('photos.continue')}
        </Link>
      </div>
    </div>
  );
}

type SlotState = { kind: 'idle' } | { kind: 'uploading' } | { kind: 'saved' } | { kind: 'failed'; text: string };

function PhotoSlot({
  bikeId,
  kind,
  title,
  body,
  initial,
}: {
  bikeId: string;
  kind: PictureKind;
  title: string;
  body: string;
  initial: Picture | null;
}) {
  const { t } = useTranslation(['scan-register', 'errors', 'bike-terms']);
  const id = useId();
  const [picture, setPicture] = useState<Picture | null>(initial);
  const [state, setState] = useState<SlotState>({ kind: 'idle' });

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // The server checks type and size too; the field order matters to it: kind first, then the file.
    const data = new FormData();
    data.append('kind', kind);
    data.append('file', file, file.name);
    setState({ kind: 'uploading' });
    try {
      setPicture(await api<Picture>(`/bikes/${encodeURIComponent(bikeId)}/pictures`, { method: 'POST', body: data }));
      setState({ kind: 'saved' });
    } catch (error) {
      const outcome = readApiError(error, t);
      setState({ kind: 'failed', text: outcome.kind === 'message' ? outcome.text : t('errors:server_error') });
    }
  };

  return (
    <section className="card photo-slot" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p className="muted">{body}</p>
      {picture ? (
        <img
          className="photo-preview"
          src={picture.thumbnail_url}
          alt={t('photos.previewAlt', { kind: t(`bike-terms:picture.${kind}`) })}
        />
      ) : (
        <div className="photo-empty" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
            <path
              d="M4 7h3l2-3h6l2 3h3v13H4z M12 17a4 4 0 1 0 0-8 4 4 0 0 0 0 8z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeLinejoin="round"
            />
          </svg>
        </div>
      )}
      <label className="btn btn-secondary file-button" htmlFor={`${id}-file`}>
        {state.kind === 'uploading' ? <Spinner size="small" /> : null}
        <span>{picture ? t('photos.replace') : t('photos.choose')}</span>
        <input
          id={`${id}-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          aria-describedby={`${id}-status`}
          disabled={state.kind === 'uploading'}
          onChange={upload}
          data-kind={kind}
        />
      </label>
      <p id={`${id}-status`} role="status" className={state.kind === 'failed' ? 'field-error' : 'muted'}>
        {state.kind === 'uploading' && t('photos.uploading')}
        {state.kind === 'saved' && t('photos.uploaded')}
        {state.kind === 'failed' && state.text}
      </p>
    </section>
  );
}
