import { useEffect, useRef, useState } from 'react';

/**
 * The performance mark set when the map page starts loading what follows its first screen (the map's code,
 * Leaflet, the outline): `npm run bench` counts what loads from then on apart from the page's first load.
 */
export const AFTER_FIRST_RENDER = 'after-first-render';

type Loaded<T> = { kind: 'waiting' } | { kind: 'done'; value: T } | { kind: 'failed'; error: unknown };

/**
 * Calls `load` once the first render has been painted (a frame's callback runs just before the paint, a task
 * queued from it after), and returns what it resolved with; null until then. What waits for it (the map) does
 * not hold up the first screen. Not React.lazy: React holds a Suspense boundary's content back for up to 300 ms
 * after its fallback showed, which would delay the map for nothing. A failed load is thrown while rendering,
 * like a lazy page's, for the page's error boundary (which reloads once when a deployment removed the file).
 */
export function useLoadAfterFirstRender<T>(load: () => Promise<T>): T | null {
  const [state, setState] = useState<Loaded<T>>({ kind: 'waiting' });
  const loader = useRef(load);
  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        performance.mark(AFTER_FIRST_RENDER);
        loader.current().then(
          (value) => {
            if (!cancelled) setState({ kind: 'done', value });
          },
          (error: unknown) => {
            if (!cancelled) setState({ kind: 'failed', error });
          },
        );
      });
    });
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  if (state.kind === 'failed') throw state.error;
  return state.kind === 'done' ? state.value : null;
}
