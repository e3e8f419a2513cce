import { type RefObject, useEffect, useRef, useState } from 'react';
import { type BaseMap, type BaseMapOptions, createBaseMap } from './base-map';

export type MapStatus = 'loading' | 'ready' | 'failed';

/**
 * Creates the map in `ref`'s element once Leaflet has loaded, and removes it on unmount. The options
 * count only at creation (later view changes are the caller's). `retry` loads again after a failure.
 */
export function useBaseMap(ref: RefObject<HTMLDivElement | null>, options: BaseMapOptions) {
  const [status, setStatus] = useState<MapStatus>('loading');
  const [attempt, setAttempt] = useState(0);
  const mapRef = useRef<BaseMap | null>(null);
  const initial = useRef(options);

  useEffect(() => {
    void attempt;
    const element = ref.current;
    if (!element) return;
    let cancelled = false;
    let created: BaseMap | null = null;
    let resized: ResizeObserver | null = null;
    setStatus('loading');
    createBaseMap(element, initial.current).then(
      (base) => {
        if (cancelled) {
          base.map.remove();
          return;
        }
        created = base;
        mapRef.current = base;
        // Leaflet follows the window's size, not its box's (a phone turned, the layout changed).
        resized = new ResizeObserver(() => base.map.invalidateSize());
        resized.observe(element);
        setStatus('ready');
      },
      () => {
        if (!cancelled) setStatus('failed');
      },
    );
    return () => {
      cancelled = true;
      resized?.disconnect();
      created?.map.remove();
      mapRef.current = null;
    };
  }, [ref, attempt]);

  return { status, mapRef, retry: () => setAttempt((n) => n + 1) };
}
