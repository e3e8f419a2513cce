import { useMutation } from '@tanstack/react-query';
import type { Equipment, EquipmentFields } from '../../domain/bikes';
import { api } from '../lib/api-client';
import { invalidateBikes } from './bikes-api';

// Equipment of one bike (§3 Equipment draft): batteries, locks, accessories. The list comes with the bike
// (GET /bikes/{bikeId}/ answers it), so these are the changes only; each invalidates the bike keys.

const equipmentPath = (bikeId: string) => `/bikes/${encodeURIComponent(bikeId)}/equipment/`;

export function createEquipment(bikeId: string, input: EquipmentFields): Promise<Equipment> {
  return api<Equipment>(equipmentPath(bikeId), { method: 'POST', body: input });
}

export function updateEquipment(bikeId: string, equipmentId: string, input: Partial<EquipmentFields>): Promise<Equipment> {
  return api<Equipment>(`${equipmentPath(bikeId)}${encodeURIComponent(equipmentId)}/`, { method: 'PATCH', body: input });
}

/** Saves a new item (no id) or changes an existing one. */
export function useSaveEquipment(bikeId: string) {
  return useMutation({
    mutationFn: ({ equipmentId, input }: { equipmentId?: string; input: EquipmentFields }) =>
      equipmentId ? updateEquipment(bikeId, equipmentId, input) : createEquipment(bikeId, input),
    onSuccess: () => invalidateBikes(),
  });
}

export function useDeleteEquipment(bikeId: string) {
  return useMutation({
    mutationFn: (equipmentId: string) => api<null>(`${equipmentPath(bikeId)}${encodeURIComponent(equipmentId)}/`, { method: 'DELETE' }),
    onSuccess: () => invalidateBikes(),
  });
}
