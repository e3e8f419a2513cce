import type { SalesProof } from '../../domain/ownership';
import { api } from '../lib/api-client';

// GET /sales-links/{id}: the public proof behind a sales link. A plain call (no query library): the
// page is public and its first load stays small.

export const fetchSalesProof = (linkId: string, signal?: AbortSignal) =>
  api<SalesProof>(`/sales-links/${encodeURIComponent(linkId)}`, { signal });
