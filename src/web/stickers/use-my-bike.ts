import { useEffect, useState } from 'react';
import type { BikeDetail, PublicBike } from '../../domain/bikes';
import { api } from '../lib/api-client';

export type MyBikeState = { kind: 'loading' } | { kind: 'done'; bike: BikeDetail } | { kind: 'failed'; error: unknown };

/** One of the caller's bikes (GET /api/bikes/{id}/), fetched plainly: these pages are outside /app's query cache. */
export function useMyBike(bikeId: string): [MyBikeState, () => void] {
  const [state, setState] = useState<MyBikeState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    void attempt;
    const controller = new AbortController();
    setState({ kind: 'loading' });
    api<BikeDetail>(`/bikes/${encodeURIComponent(bikeId)}/`, { signal: controller.signal }).then(
      (bike) => setState({ kind: 'done', bike }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ kind: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [bikeId, attempt]);
  return [state, () => setAttempt((n) => n + 1)];
}

/** The owner's bike as the public card shows it. */
export function asPublicBike(bike: BikeDetail): PublicBike {
  const picture = bike.pictures.find((p) => p.kind === 'public');
  return {
    id: bike.id,
    brand_id: bike.brand_id,
    brand_name: bike.brand_name,
    model: bike.model,
    color_id: bike.color_id,
    category_id: bike.category_id,
    type_id: bike.type_id,
    is_electric: bike.is_electric,
    production_year: bike.production_year,
    reported_stolen: bike.flags.reported_stolen,
    picture_url: picture?.url ?? bike.picture_url,
    thumbnail_url: picture?.thumbnail_url ?? bike.picture_url,
    frame_number: bike.frame_number,
    bikekey_id: bike.bikekey_id,
  };
}
