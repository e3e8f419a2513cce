import { Component, type ReactNode } from 'react';
import { sendEvent } from '../events/send-event';
import { ApiError } from '../lib/api-client';
import { reloadForChunkError, shouldReloadForChunkError } from '../lib/site-version';
import { PageError } from './route-error';

interface State {
  error: unknown;
  reloading: boolean;
  reference: string;
}

/** The server's id of a failed call (its 500 answer names it), if the error is one. */
function serverReference(error: unknown): string | null {
  const id = error instanceof ApiError ? (error.body as { request_id?: unknown } | null)?.request_id : null;
  return typeof id === 'string' ? id : null;
}

/**
 * Catches a page that failed to load or render, or whose data the server failed to give (§8: the 500 page):
 * a chunk gone after a deploy reloads once (§2); anything else shows the error page with a reference.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = { error: null, reloading: false, reference: '' };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    // Decided here, before rendering, so that a page about to reload does not flash the error first.
    return { error, reloading: shouldReloadForChunkError(error), reference: serverReference(error) ?? crypto.randomUUID() };
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null, reloading: false });
  }

  // Decided from the error itself, by the same rule as above.
  override componentDidCatch(error: unknown) {
    if (shouldReloadForChunkError(error)) {
      reloadForChunkError();
      return;
    }
    // A failure of the browser's own is reported under the reference the page shows (the server logged its own).
    if (!serverReference(error)) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      sendEvent('error', 'page', { name: 'page_error', data: { reference: this.state.reference, message: message.slice(0, 500) } });
    }
  }

  override render() {
    if (this.state.reloading) return null;
    return this.state.error ? <PageError reference={this.state.reference} /> : this.props.children;
  }
}
