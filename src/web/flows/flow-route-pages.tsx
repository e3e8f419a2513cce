import { useEffect } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { normaliseRegion } from '../../domain/locale';
import { serverState } from '../lib/server-state';
import { NotFoundPage } from '../public/not-found-page';
import { FlowPage } from './flow-page';
import { isTopLevelFlowMemo, regionPath } from './region-path';

/** /flows/{memo} and /flows/{memo}/{stepMemo}. */
export function FlowsRoutePage() {
  const { memo = '', stepMemo } = useParams();
  return <FlowPage key={memo} memo={memo} basePath={`/flows/${memo}`} stepMemo={stepMemo} />;
}

/**
 * The top-level /{memo}: a flow when the path is a fully qualified memo (with a dot, region-path.ts), else exactly
 * the 404 page an unknown path shows. Its steps are at /flows/{memo}/{stepMemo}.
 */
export function TopLevelFlowPage() {
  const { memo = '' } = useParams();
  if (!isTopLevelFlowMemo(memo)) return <NotFoundPage />;
  return <FlowPage key={memo} memo={memo} basePath={`/flows/${memo}`} />;
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * §2 /{region}/*: the region is kept (the `region` cookie the server reads for the page's state, and this page's
 * state at once) and the same address without the prefix is shown, with its query and fragment.
 */
export function RegionPage() {
  const location = useLocation();
  const mapped = regionPath(location.pathname);
  const region = mapped ? normaliseRegion(mapped.region) : null;
  useEffect(() => {
    if (!region) return;
    // biome-ignore lint/suspicious/noDocumentCookie: one fixed name and a value from REGIONS; the Cookie Store API is not in every browser
    document.cookie = `region=${region}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
  }, [region]);
  if (!mapped || !region) return <NotFoundPage />;
  // Set while rendering, before <Navigate> shows the page without the prefix, so that page reads the region already.
  serverState.region = region;
  return <Navigate to={`${mapped.path}${location.search}${location.hash}`} replace />;
}
