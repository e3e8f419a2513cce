import { useMutation } from '@tanstack/react-query';
import { APPROVAL_HEADER } from '../../domain/verification';
import { api } from '../lib/api-client';

// DELETE /identities/{partyId}/: deletes the account and all personal data; the server mails a goodbye.
// Deleting yourself carries your approval through national ID (step-up).
export const deleteAccount = ({ partyId, approvalId }: { partyId: string; approvalId: string }) =>
  api<null>(`/identities/${encodeURIComponent(partyId)}/`, { method: 'DELETE', headers: { [APPROVAL_HEADER]: approvalId } });

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
