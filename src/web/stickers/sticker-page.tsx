import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import type { Bike, StickerAnswer } from '../../domain/bikes';
import { ApiError, api } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { useSession } from '../lib/session-store';
import { ContactOwnerLink, PublicBikeCard, StolenActions } from '../search/public-bike-card';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import './stickers.css';

// Written out here rather than imported: each shared module is a chunk of its own on this public page's first load.
const normalisePlateId = (raw: string) => raw.replace(/[\s-]/g, '').toUpperCase();
const fromScanPath = (id: string) => `/signup/from-scan?sticker_id=${encodeURIComponent(id)}`;
const loopPath = (id: string) => `/signup/from-scan/create-bikes-loop?sticker_id=${encodeURIComponent(id)}`;

type State = { kind: 'loading' } | { kind: 'done'; answer: StickerAnswer } | { kind: 'failed'; text: string };

/**
 * /sticker-id/{stickerId} and /sticker-id/01/{fixedCode}/21/{stickerId} (the GS1 Digital Link printed in
 * the plate's QR code, §2 Stickers): what a scanned plate leads to. Public: plain fetch, no query library.
 */
export function StickerPage() {
  const { t } = useTranslation(['stickers', 'errors']);
  const params = useParams();
  const stickerId = normalisePlateId(params.stickerId ?? '');
  const session = useSession();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [mine, setMine] = useState<string | null>(null);

  useEffect(() => {
    void attempt;
    const controller = new AbortController();
    setState({ kind: 'loading' });
    api<StickerAnswer>(`/stickers/${encodeURIComponent(stickerId)}`, { signal: controller.signal }).then(
      (answer) => setState({ kind: 'done', answer }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // An ID the server refuses outright (too short, malformed) is as unknown as one it does not have.
        if (error instanceof ApiError && (error.status === 404 || error.status === 422)) {
          setState({ kind: 'done', answer: { sticker_id: stickerId, status: 'unknown', bike: null, insurer_party_id: null } });
          return;
        }
        const outcome = readApiError(error, t);
        setState({ kind: 'failed', text: outcome.kind === 'message' ? outcome.text : t('errors:server_error') });
      },
    );
    return () => controller.abort();
  }, [stickerId, attempt, t]);

  // A signed-in owner of the bike gets a way to it: is the plate on one of their bikes (or its equipment)?
  const partyId = session?.party_id ?? null;
  const status = state.kind === 'done' ? state.answer.status : null;
  const publicBikeId = state.kind === 'done' ? (state.answer.bike?.id ?? null) : null;
  useEffect(() => {
    setMine(null);
    if (!partyId || (status !== 'registered' && status !== 'equipment')) return;
    const controller = new AbortController();
    api<Bike[]>('/bikes/', { signal: controller.signal }).then(
      (bikes) => setMine(bikes.find((b) => b.id === publicBikeId || b.bikekey_id === stickerId)?.id ?? null),
      () => undefined,
    );
    return () => controller.abort();
  }, [partyId, status, publicBikeId, stickerId]);

  if (state.kind === 'loading') return <Loading />;
  if (state.kind === 'failed') {
    return (
      <div className="sticker-page">
        <PageTitle>{t('scan.failedTitle')}</PageTitle>
        <Alert>
          <p className="alert-text">{state.text}</p>
          <Button variant="secondary" className="btn-small" onClick={() => setAttempt((n) => n + 1)}>
            {t('scan.retry')}
          </Button>
        </Alert>
      </div>
    );
  }

  const { answer } = state;
  const id = answer.sticker_id || stickerId;
  const query = `?sticker_id=${encodeURIComponent(id)}`;
  if (answer.status === 'insurance') return <Navigate to={`/sticker-id/insurance-plate${query}`} replace />;
  if (answer.status === 'unknown') return <Navigate to={`/sticker-id/no-registration${query}`} replace />;

  if (answer.status === 'unregistered') {
    return (
      <div className="sticker-page">
        <p className="plate-chip">{t('scan.plateLabel', { id })}</p>
        <PageTitle>{t('scan.unregisteredTitle')}</PageTitle>
        <p className="sticker-lead">{t('scan.unregisteredLead', { id })}</p>
        <div className="actions">
          {session ? (
            <Link to={`/app/bikes/register?plate=${encodeURIComponent(id)}`} className="btn btn-primary">
              {t('scan.registerNow')}
            </Link>
          ) : (
            <>
              <Link to={fromScanPath(id)} className="btn btn-primary">
                {t('scan.signUpToRegister')}
              </Link>
              <Link to={`/login?post_login_redirect=${encodeURIComponent(loopPath(id))}`} className="btn btn-secondary">
                {t('scan.logInToRegister')}
              </Link>
            </>
          )}
        </div>
      </div>
    );
  }

  // Registered, or on a piece of equipment of a registered bike.
  const onEquipment = answer.status === 'equipment';
  // A finder holding a stolen bike scans its plate: the notice and what to do come first (issue 6).
  const stolen = Boolean(answer.bike?.reported_stolen) && !mine;
  if (stolen && answer.bike) {
    const title = onEquipment ? t('scan.stolenEquipmentTitle') : t('scan.stolenTitle');
    return (
      <div className="sticker-page">
        <p className="plate-chip">{t('scan.plateLabel', { id })}</p>
        <section className="stolen-alert" aria-labelledby="stolen-alert-title">
          <PageTitle title={title}>
            <span id="stolen-alert-title" className="stolen-alert-title">
              <span className="stolen-icon" aria-hidden="true">
                !
              </span>
              {title}
            </span>
          </PageTitle>
          <p>{t('scan.stolenLead', { id })}</p>
          <p>{t('scan.stolenSafety')}</p>
          <StolenActions bikeId={answer.bike.id} large />
        </section>
        <PublicBikeCard bike={answer.bike} headingLevel={2} finderActions={false} />
      </div>
    );
  }
  return (
    <div className="sticker-page">
      <p className="plate-chip">{t('scan.plateLabel', { id })}</p>
      <PageTitle>{onEquipment ? t('scan.equipmentTitle') : t('scan.registeredTitle')}</PageTitle>
      {answer.bike ? (
        <>
          <p className="sticker-lead">{onEquipment ? t('scan.equipmentLead', { id }) : t('scan.registeredLead', { id })}</p>
          <PublicBikeCard bike={answer.bike} headingLevel={2} finderActions={!mine}>
            {!mine && <ContactOwnerLink bike={answer.bike} />}
          </PublicBikeCard>
        </>
      ) : (
        <p className="sticker-lead">{onEquipment ? t('scan.equipmentHidden', { id }) : t('scan.registeredHidden', { id })}</p>
      )}
      {mine && (
        <Alert tone="success">
          <p className="alert-text">{t('scan.yourBike')}</p>
          <Link to={`/app/my-bikes/${encodeURIComponent(mine)}`} className="btn btn-primary btn-small">
            {t('scan.toYourBike')}
          </Link>
        </Alert>
      )}
    </div>
  );
}
