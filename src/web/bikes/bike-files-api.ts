import { useMutation, useQuery } from '@tanstack/react-query';
import type { BikeDocument, DocumentKind, Picture, PictureKind, PublicBike } from '../../domain/bikes';
import { api } from '../lib/api-client';
import { useActingParty } from '../lib/session-store';
import { invalidateBikes } from './bikes-api';

// Pictures, documents and the public card of one bike (issue 4). Uploads are multipart: the fields first,
// the file last (the server reads them in that order). Every change invalidates the bike keys, so the
// details page and the list show it at once.

const bikePath = (bikeId: string) => `/bikes/${encodeURIComponent(bikeId)}`;

export const publicBikeKey = (partyId: string, bikeId: string) => ['bikes', partyId, 'public', bikeId] as const;

/** GET /bikes/{bikeId}/public: what strangers see of the bike (the owner's preview). */
export function usePublicBike(bikeId: string) {
  const partyId = useActingParty();
  return useQuery({
    queryKey: publicBikeKey(partyId, bikeId),
    queryFn: ({ signal }) => api<PublicBike>(`${bikePath(bikeId)}/public`, { signal }),
    enabled: partyId !== '' && bikeId !== '',
  });
}

export function uploadPicture(bikeId: string, kind: PictureKind, file: File): Promise<Picture> {
  const body = new FormData();
  body.append('kind', kind);
  body.append('file', file, file.name);
  return api<Picture>(`${bikePath(bikeId)}/pictures`, { method: 'POST', body });
}

export function useUploadPicture(bikeId: string) {
  return useMutation({
    mutationFn: ({ kind, file }: { kind: PictureKind; file: File }) => uploadPicture(bikeId, kind, file),
    onSuccess: () => invalidateBikes(),
  });
}

export function useDeletePicture(bikeId: string) {
  return useMutation({
    mutationFn: (pictureId: string) => api<null>(`${bikePath(bikeId)}/pictures/${encodeURIComponent(pictureId)}`, { method: 'DELETE' }),
    onSuccess: () => invalidateBikes(),
  });
}

export function uploadDocument(bikeId: string, kind: DocumentKind, file: File, equipmentId?: string | null): Promise<BikeDocument> {
  const body = new FormData();
  body.append('kind', kind);
  if (equipmentId) body.append('equipment_id', equipmentId);
  body.append('file', file, file.name);
  return api<BikeDocument>(`${bikePath(bikeId)}/documents`, { method: 'POST', body });
}

export function useUploadDocument(bikeId: string) {
  return useMutation({
    mutationFn: ({ kind, file, equipmentId }: { kind: DocumentKind; file: File; equipmentId?: string | null }) =>
      uploadDocument(bikeId, kind, file, equipmentId),
    onSuccess: () => invalidateBikes(),
  });
}

export function useDeleteDocument(bikeId: string) {
  return useMutation({
    mutationFn: (documentId: string) => api<null>(`${bikePath(bikeId)}/documents/${encodeURIComponent(documentId)}`, { method: 'DELETE' }),
    onSuccess: () => invalidateBikes(),
  });
}
