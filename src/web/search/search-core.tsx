import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { PublicBike } from '../../domain/bikes';
import { ApiError, api } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { Loading } from '../ui/spinner';
import { PublicBikeCard } from './public-bike-card';
import './search.css';

// The search form and its results, shared by the public search and the organisation search. Plain
// fetch through api() (no query library, no zod): /search is a public page within the first-load budget.

export interface SearchAnswer<B extends PublicBike> {
  query: string;
  exact: B[];
  similar: B[];
}

export type SearchState<B extends PublicBike> =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'done'; answer: SearchAnswer<B> }
  /** A 422 on the query: shown on the field. */
  | { kind: 'invalid'; text: string }
  /** Any other failure; `status` lets a page explain a 403 in its own words. */
  | { kind: 'failed'; text: string; status: number };

/** Runs the search named by ?q= in the address, so results can be shared and survive a reload. */
export function useBikeSearch<B extends PublicBike>(endpoint: string) {
  const { t } = useTranslation(['search', 'errors']);
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<SearchState<B>>({ kind: 'idle' });

  useEffect(() => {
    // `attempt` is a dependency so that "try again" (or submitting the same query) searches again.
    void attempt;
    if (!query) {
      setState({ kind: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ kind: 'loading' });
    api<SearchAnswer<B>>(`${endpoint}?q=${encodeURIComponent(query)}`, { signal: controller.signal }).then(
      (answer) => setState({ kind: 'done', answer }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const outcome = readApiError(error, t);
        const status = error instanceof ApiError ? error.status : 0;
        const text = outcome.kind === 'message' ? outcome.text : t('errors:server_error');
        setState(status === 422 ? { kind: 'invalid', text } : { kind: 'failed', text, status });
      },
    );
    return () => controller.abort();
  }, [endpoint, query, attempt, t]);

  const search = (next: string) => {
    const trimmed = next.trim();
    if (trimmed === query) setAttempt((n) => n + 1);
    else setParams(trimmed ? { q: trimmed } : {});
  };
  const retry = () => setAttempt((n) => n + 1);
  return { query, state, search, retry };
}

export function SearchForm({
  query,
  busy,
  error,
  onSearch,
}: {
  query: string;
  busy: boolean;
  error?: string;
  onSearch: (q: string) => void;
}) {
  const { t } = useTranslation('search');
  const [value, setValue] = useState(query);
  const inputRef = useRef<HTMLInputElement>(null);
  // Back and forward change the address: the field follows it.
  useEffect(() => setValue(query), [query]);
  useEffect(() => {
    if (error) inputRef.current?.focus();
  }, [error]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value);
  };
  return (
    <search>
      <form className="search-form" onSubmit={submit} noValidate>
        <TextField
          ref={inputRef}
          label={t('search.field')}
          name="q"
          type="search"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="search"
          hint={t('search.hint')}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={error}
        />
        <Button type="submit" busy={busy}>
          {t('search.submit')}
        </Button>
      </form>
    </search>
  );
}

/** Exact matches first; close ones only as a clearly labelled "did you mean". */
export function SearchResults<B extends PublicBike>({
  state,
  onRetry,
  extra,
}: {
  state: SearchState<B>;
  onRetry: () => void;
  /** Extra facts for each bike (the organisation search). */
  extra?: (bike: B) => ReactNode;
}) {
  const { t } = useTranslation(['search', 'errors']);
  let content: ReactNode = null;
  if (state.kind === 'loading') content = <Loading />;
  else if (state.kind === 'failed')
    content = (
      <Alert>
        <p className="alert-text">{state.text}</p>
        <Button variant="secondary" className="btn-small" onClick={onRetry}>
          {t('search:search.retry')}
        </Button>
      </Alert>
    );
  else if (state.kind === 'done') {
    const { answer } = state;
    if (answer.exact.length === 0 && answer.similar.length === 0) {
      content = (
        <div className="alert alert-info no-results">
          <p>{t('errors:search_no_results')}</p>
        </div>
      );
    } else {
      content = (
        <>
          {answer.exact.length > 0 && (
            <section aria-labelledby="exact-title">
              <h2 id="exact-title">{t('search:search.exactTitle')}</h2>
              <p className="muted">{t('search:search.exactCount', { count: answer.exact.length, query: answer.query })}</p>
              <BikeList bikes={answer.exact} extra={extra} />
            </section>
          )}
          {answer.similar.length > 0 && (
            <section aria-labelledby="similar-title" className="did-you-mean">
              <h2 id="similar-title">{t('search:search.similarTitle')}</h2>
              <p className="muted">{t('search:search.similarLead', { query: answer.query })}</p>
              <BikeList bikes={answer.similar} extra={extra} />
            </section>
          )}
        </>
      );
    }
  }
  // A short summary in a live region that is always there, so a screen reader hears the outcome of each
  // search without having every card read out.
  let summary = '';
  if (state.kind === 'loading') summary = t('search:search.searching');
  else if (state.kind === 'failed') summary = state.text;
  else if (state.kind === 'done') {
    const { exact, similar, query } = state.answer;
    if (exact.length > 0) summary = t('search:search.exactCount', { count: exact.length, query });
    else if (similar.length > 0) summary = t('search:search.similarTitle');
    else summary = t('errors:search_no_results');
  }
  return (
    <>
      <p className="visually-hidden" role="status">
        {summary}
      </p>
      <div className="search-results" aria-busy={state.kind === 'loading'}>
        {content}
      </div>
    </>
  );
}

function BikeList<B extends PublicBike>({ bikes, extra }: { bikes: B[]; extra?: (bike: B) => ReactNode }) {
  return (
    <ul className="result-list">
      {bikes.map((bike) => (
        <li key={bike.id}>
          <PublicBikeCard bike={bike}>{extra?.(bike)}</PublicBikeCard>
        </li>
      ))}
    </ul>
  );
}
