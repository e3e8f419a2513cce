import { type ComponentType, lazy, type ReactElement } from 'react';

type Loader = () => Promise<unknown>;

// The loader behind each lazy page component, so that a page's code can be fetched before it is visited (prefetch.ts).
const loaders = new WeakMap<object, Loader>();

/** A page loaded only when its route is visited, so each page ships its own code (design.md budget). */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): ReactElement {
  // One fetch for the prefetch and the visit; a failed one may be tried again.
  let loading: Promise<M> | null = null;
  const once = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const Page = lazy(() => once().then((module) => ({ default: module[name] as ComponentType })));
  loaders.set(Page, once);
  return <Page />;
}

/** The code loader of a route's element when lazyPage made it; null for any other element. */
export function pageLoader(element: unknown): Loader | null {
  const type = (element as { type?: unknown } | null)?.type;
  return typeof type === 'object' || typeof type === 'function' ? (loaders.get(type as object) ?? null) : null;
}
