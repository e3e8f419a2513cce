import * as z from 'zod/mini';
import { amountFromInput } from '../../domain/amounts';
import { type CreateBike, createBikeSchema, frameNumberSchema } from '../../domain/bikes';
import { pageLanguage } from '../lib/intl';
import { OTHER_BRAND, type RegisterFormValues } from './register-values';

// The schema that turns the register form (register-values.ts) into the POST /api/bikes/ payload.
// Loaded lazily, when the owner first focuses a field (see ui/form.ts).

const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';

/**
 * §5 "Registering: all fields filled": the frame number always, and the plate unless the owner says it
 * comes later (the plate can be added on the bike's page). Missing ones say "please fill in all fields".
 */
export const registerFormSchema = z.pipe(
  z.transform((input: RegisterFormValues): Record<string, unknown> => {
    const other = input.brand_id === OTHER_BRAND;
    return {
      frame_number: input.frame_number,
      // '' marks a plate that is missing although it was not put off; null, one that comes later.
      bikekey_id: blank(input.bikekey_id) ? (input.plate_later ? null : '') : input.bikekey_id,
      brand_id: other ? null : input.brand_id,
      brand_name: other ? input.brand_name : null,
      production_year: input.production_year,
      nickname: input.nickname,
      model: input.model,
      color_id: input.color_id,
      category_id: input.category_id,
      type_id: input.type_id,
      is_electric: input.is_electric === true,
      purchase_date: input.purchase_date,
      // As typed in the page's language: "7.000" is seven thousand kroner in Danish.
      normal_price_dkk: amountFromInput(input.normal_price_dkk, pageLanguage()),
    };
  }),
  z.extend(createBikeSchema, {
    frame_number: z.pipe(
      z.string({ error: 'fill_all_fields' }).check(z.refine((v) => v.trim() !== '', { error: 'fill_all_fields' })),
      frameNumberSchema,
    ),
    bikekey_id: z.pipe(
      z.nullable(z.string().check(z.refine((v) => v.trim() !== '', { error: 'fill_all_fields' }))),
      createBikeSchema.shape.bikekey_id as unknown as z.ZodMiniType<string | null, string | null>,
    ),
  }) as unknown as z.ZodMiniType<CreateBike, Record<string, unknown>>,
) as unknown as z.ZodMiniType<CreateBike, RegisterFormValues>;
