import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { MapClustersAnswer, MapFilters, MapListAnswer, StolenBikeSummary } from '../../domain/stolen-map';
import { api } from '../lib/api-client';
import { apiQuery, type Box } from './map-filters';

// The map's two calls, with plain fetch (a public page: no query library). An answer that arrives after
// the filters or the view have changed again is dropped (the request is aborted, and checked anyway). An
// answer is rendered as a transition: React renders the list's items in slices, between which the browser
// stays responsive, rather than in one long task.

export interface MapView {
  box: Box;
  zoom: number;
}

export type Loaded<T> = { kind: 'loading'; last: T | null } | { kind: 'done'; data: T } | { kind: 'failed'; last: T | null };

/** Clusters for the filters in the visible box; nothing until the map reports its first view. */
export function useClusters(filters: MapFilters, view: MapView | null) {
  const [state, setState] = useState<Loaded<MapClustersAnswer>>({ kind: 'loading', last: null });
  const [attempt, setAttempt] = useState(0);
  const query = view ? apiQuery(filters, view) : null;
  useEffect(() => {
    void attempt;
    if (query === null) return;
    const controller = new AbortController();
    setState((s) => ({ kind: 'loading', last: s.kind === 'done' ? s.data : s.last }));
    api<MapClustersAnswer>(`/stolen-bike-map/clusters?${query}`, { signal: controller.signal }).then(
      (data) => {
        if (!controller.signal.aborted) startTransition(() => setState({ kind: 'done', data }));
      },
      () => {
        if (!controller.signal.aborted) setState((s) => ({ kind: 'failed', last: s.kind === 'loading' ? s.last : null }));
      },
    );
    return () => controller.abort();
  }, [query, attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}

export interface ListState {
  items: StolenBikeSummary[];
  total: number;
  nextOffset: number | null;
  status: 'loading' | 'done' | 'failed' | 'more' | 'more-failed';
}

/**
 * The list of the same bikes: the first page for the filters and the box (no box: the map could not load,
 * so the list covers everywhere), then "show more" pages appended. `box === undefined` waits for the map.
 */
export function useStolenList(filters: MapFilters, box: Box | null | undefined) {
  const [state, setState] = useState<ListState>({ items: [], total: 0, nextOffset: null, status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const base = box === undefined ? null : apiQuery(filters, { box: box ?? undefined });
  const current = useRef(base);
  current.current = base;
  const more = useRef<AbortController | null>(null);

  useEffect(() => {
    void attempt;
    if (base === null) return;
    const controller = new AbortController();
    more.current?.abort();
    setState((s) => ({ ...s, status: 'loading' }));
    api<MapListAnswer>(`/stolen-bike-map/list?${base}`, { signal: controller.signal }).then(
      (data) => {
        if (controller.signal.aborted) return;
        startTransition(() => setState({ items: data.items, total: data.total, nextOffset: data.next_offset, status: 'done' }));
      },
      () => {
        if (!controller.signal.aborted) setState((s) => ({ ...s, status: 'failed' }));
      },
    );
    return () => controller.abort();
  }, [base, attempt]);

  const showMore = useCallback(() => {
    if (state.nextOffset === null || base === null) return;
    const controller = new AbortController();
    more.current = controller;
    const asked = base;
    setState((s) => ({ ...s, status: 'more' }));
    api<MapListAnswer>(`/stolen-bike-map/list?${base}${base ? '&' : ''}offset=${state.nextOffset}`, { signal: controller.signal }).then(
      (data) => {
        if (controller.signal.aborted || current.current !== asked) return;
        setState((s) => ({ items: [...s.items, ...data.items], total: data.total, nextOffset: data.next_offset, status: 'done' }));
      },
      () => {
        if (!controller.signal.aborted && current.current === asked) setState((s) => ({ ...s, status: 'more-failed' }));
      },
    );
  }, [base, state.nextOffset]);

  return { state, showMore, retry: () => setAttempt((n) => n + 1) };
}
