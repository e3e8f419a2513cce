import * as z from 'zod/mini';
import { type EquipmentFields, equipmentFieldsSchema } from '../../domain/bikes';
import { type EquipmentFormValues, equipmentPayloadOf } from './equipment-form-values';

// Loaded lazily by the equipment page (zod stays off the first paint, see ui/form.ts).
export const equipmentFormSchema = z.pipe(z.transform(equipmentPayloadOf), equipmentFieldsSchema) as unknown as z.ZodMiniType<
  EquipmentFields,
  EquipmentFormValues
>;
