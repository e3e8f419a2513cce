import * as z from 'zod/mini';
import { frameNumberSchema, type UpdateBike, updateBikeSchema } from '../../domain/bikes';
import { type BikeEditValues, payloadOf } from './bike-edit-values';

// Loaded lazily by the edit pages (zod stays off the first paint, see ui/form.ts).

export const bikeEditSchema = z.pipe(z.transform(payloadOf), updateBikeSchema) as unknown as z.ZodMiniType<UpdateBike, BikeEditValues>;

/** complete-confirm-missing-frame-number: the frame number is required there. */
export const frameNumberOnlySchema = z.object({
  frame_number: z.pipe(
    z.string({ error: 'field_required' }).check(z.refine((v) => v.trim() !== '', { error: 'field_required' })),
    frameNumberSchema,
  ),
}) as unknown as z.ZodMiniType<{ frame_number: string }, { frame_number: string }>;
