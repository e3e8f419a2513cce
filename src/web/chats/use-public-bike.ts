import { useEffect, useState } from 'react';
import type { PublicBike } from '../../domain/bikes';
import { api } from '../lib/api-client';

export type PublicBikeState =
  | { kind: 'loading' }
  | { kind: 'failed'; error: unknown; retry: () => void }
  | { kind: 'done'; bike: PublicBike };

/** GET /public-bikes/{bikeId}: the bike's public card (anyone may ask; 404 bike_not_found). */
export function usePublicBike(bikeId: string): PublicBikeState {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'failed'; error: unknown } | { kind: 'done'; bike: PublicBike }>({
    kind: 'loading',
  });
  useEffect(() => {
    void attempt;
    const controller = new AbortController();
    setState({ kind: 'loading' });
    api<PublicBike>(`/public-bikes/${encodeURIComponent(bikeId)}`, { signal: controller.signal }).then(
      (bike) => setState({ kind: 'done', bike }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ kind: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [bikeId, attempt]);
  if (state.kind === 'failed') return { ...state, retry: () => setAttempt((n) => n + 1) };
  return state;
}
