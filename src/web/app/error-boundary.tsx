import { Component, type ReactNode } from 'react';
import { reloadForChunkError, shouldReloadForChunkError } from '../lib/site-version';
import { PageError } from './route-error';

/** Catches a page that failed to load or render: a chunk gone after a deploy reloads once (§2). */
export class PageErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: unknown; reloading: boolean }> {
  override state: { error: unknown; reloading: boolean } = { error: null, reloading: false };

  static getDerivedStateFromError(error: unknown) {
    // Decided here, before rendering, so that a page about to reload does not flash the error first.
    return { error, reloading: shouldReloadForChunkError(error) };
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null, reloading: false });
  }

  // Decided from the error itself, by the same rule as above.
  override componentDidCatch(error: unknown) {
    if (shouldReloadForChunkError(error)) reloadForChunkError();
  }

  override render() {
    if (this.state.reloading) return null;
    return this.state.error ? <PageError /> : this.props.children;
  }
}
