import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Bike } from '../../domain/bikes';
import { BikeLabels } from '../bikes/bike-labels';
import { bikeName } from '../bikes/bike-terms';
import { invalidateBikes } from '../bikes/bikes-api';
import { api } from '../lib/api-client';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

type PhotoState = 'none' | 'saving' | 'saved' | 'failed';

/** The finish of registering: what was registered, the plate photo kept as the bike's plate picture, what next. */
export function RegisterDone({ bike, photo, onAnother }: { bike: Bike; photo: File | null; onAnother: () => void }) {
  const { t } = useTranslation(['register', 'bike-terms']);
  const heading = useRef<HTMLHeadingElement>(null);
  const [photoState, setPhotoState] = useState<PhotoState>(photo ? 'saving' : 'none');
  const started = useRef(false);

  useEffect(() => {
    heading.current?.focus();
    document.title = `${t('register:done.title')} · ${t('common:brand')}`;
  }, [t]);

  useEffect(() => {
    if (!photo || started.current) return;
    started.current = true;
    const body = new FormData();
    body.append('kind', 'plate');
    body.append('file', photo);
    api(`/bikes/${encodeURIComponent(bike.id)}/pictures`, { method: 'POST', body }).then(
      () => {
        setPhotoState('saved');
        void invalidateBikes();
      },
      () => setPhotoState('failed'),
    );
  }, [bike.id, photo]);

  return (
    <div className="form-card register-done">
      <h1 ref={heading} tabIndex={-1}>
        {t('register:done.title')}
      </h1>
      <Alert tone="success">{t('register:done.body', { name: bikeName(bike, t) })}</Alert>
      <dl className="bike-facts">
        <div>
          <dt>{t('bike-terms:field.frame_number')}</dt>
          <dd className="mono">{bike.frame_number ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('bike-terms:field.bikekey_id')}</dt>
          <dd className="mono">{bike.bikekey_id ?? t('register:done.noPlate')}</dd>
        </div>
      </dl>
      <BikeLabels flags={bike.flags} />
      <div role="status" aria-live="polite" className="done-photo">
        {photoState === 'saving' && (
          <span className="inline-status">
            <Spinner size="small" /> {t('register:done.photoSaving')}
          </span>
        )}
        {photoState === 'saved' && <p className="note note-good">{t('register:done.photoSaved')}</p>}
        {photoState === 'failed' && <p className="note note-warn">{t('register:done.photoFailed')}</p>}
      </div>
      <p>{t('register:done.next')}</p>
      <div className="actions">
        <Link to={`/app/my-bikes/${encodeURIComponent(bike.id)}/edit`} className="btn btn-primary">
          {t('register:done.addPictures')}
        </Link>
        <Link to="/app/my-bikes" className="btn btn-secondary">
          {t('register:done.myBikes')}
        </Link>
        <Button variant="link" onClick={onAnother}>
          {t('register:done.another')}
        </Button>
      </div>
    </div>
  );
}
