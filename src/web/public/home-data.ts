import { useEffect, useState } from 'react';
import { api } from '../lib/api-client';

/** A public answer the front page shows: loading, there, or failed (with a way to ask again). */
export type Fetched<T> = { status: 'loading' } | { status: 'done'; data: T } | { status: 'failed' };

/**
 * GET one public API path with a plain fetch (no query library: the front page is the lightest page there is). A
 * new path asks again; an answer that arrives for an old path is dropped.
 */
export function useFetched<T>(path: string): { state: Fetched<T>; retry: () => void } {
  const [state, setState] = useState<Fetched<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    void attempt;
    const controller = new AbortController();
    setState({ status: 'loading' });
    api<T>(path, { signal: controller.signal }).then(
      (data) => setState({ status: 'done', data }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [path, attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}
