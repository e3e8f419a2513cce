import { type ComponentType, lazy, type ReactElement } from 'react';

/** A page loaded only when its route is visited, so each page ships its own code (design.md budget). */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): ReactElement {
  const Page = lazy(() => load().then((module) => ({ default: module[name] as ComponentType })));
  return <Page />;
}
