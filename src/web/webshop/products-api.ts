import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductsAnswer } from '../../domain/webshop/catalogue';
import { api } from '../lib/api-client';

/** What a page reads of the product list while it loads, after it loaded, or when it failed. */
export interface ProductsState {
  data: ProductsAnswer | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => void;
}

/**
 * GET /webshop/products/ (public): the region's products and prices, in the page's language; `region` null asks for
 * the visitor's own. A plain fetch rather than the query cache, so the public /webshop loads no more than other public
 * pages; the list shown stays while another region's loads.
 */
export function useProducts(region: string | null): ProductsState {
  const language = useTranslation().i18n.resolvedLanguage ?? '';
  const [state, setState] = useState<{ data?: ProductsAnswer; error?: unknown; loading: boolean }>({ loading: true });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: language and attempt are why it asks again; the answer is in the page's language
  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ data: previous.data, loading: true }));
    api<ProductsAnswer>(`/webshop/products/${region ? `?region=${encodeURIComponent(region)}` : ''}`, { signal: controller.signal }).then(
      (data) => setState({ data, loading: false }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState((previous) => ({ data: previous.data, error, loading: false }));
      },
    );
    return () => controller.abort();
  }, [region, language, attempt]);
  return {
    data: state.data,
    error: state.error,
    isPending: state.data === undefined && state.error === undefined,
    isError: state.error !== undefined,
    isFetching: state.loading,
    refetch: () => setAttempt((n) => n + 1),
  };
}
