import type * as z from 'zod/mini';
import type { CreateBike } from '../../domain/bikes';
import type { useZodForm } from '../ui/form';

// What the register form (/app/bikes/register) holds; register-form.ts turns it into the payload.

/** The brand select's choice for "a brand not in the list": brand_name is typed instead. */
export const OTHER_BRAND = 'other';

export interface RegisterFormValues extends Record<string, unknown> {
  frame_number: string;
  brand_id: string;
  brand_name: string;
  production_year: string;
  /** The production year was typed by the owner, so the frame number no longer fills it in. */
  year_manual: boolean;
  bikekey_id: string;
  /** "I will add my plate later": the plate may stay empty. */
  plate_later: boolean;
  nickname: string;
  model: string;
  color_id: string;
  category_id: string;
  type_id: string;
  is_electric: boolean;
  purchase_date: string;
  normal_price_dkk: string;
}

export const EMPTY_REGISTER_FORM: RegisterFormValues = {
  frame_number: '',
  brand_id: '',
  brand_name: '',
  production_year: '',
  year_manual: false,
  bikekey_id: '',
  plate_later: false,
  nickname: '',
  model: '',
  color_id: '',
  category_id: '',
  type_id: '',
  is_electric: false,
  purchase_date: '',
  normal_price_dkk: '',
};

/** The form as the steps receive it. */
export type RegisterForm = ReturnType<typeof useZodForm<z.ZodMiniType<CreateBike, RegisterFormValues>, RegisterFormValues>>;
