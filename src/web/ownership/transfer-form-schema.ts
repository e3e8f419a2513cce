import * as z from 'zod/mini';
import { type StartTransfer, startTransferSchema } from '../../domain/ownership';

// The transfer form's schema, loaded lazily (zod stays off the first paint, see ui/form.ts): the form's
// strings and checkboxes become the payload of POST /bikes/{bikeId}/transfers, which the shared schema checks.

export interface TransferFormValues extends Record<string, unknown> {
  email: string;
  hand_over_pictures: boolean;
  hand_over_documents: boolean;
  /** Typed as text: "4500", "4.500" or "4 500" (grouped thousands); blank for no price. */
  price_dkk: string;
}

/** Whole kroner as people type them; NaN for anything else, which the schema refuses on the field. */
export function priceOf(text: string): number | null {
  const typed = text.trim();
  if (typed === '') return null;
  if (/^\d{1,3}([ .,\u00a0]\d{3})+$/.test(typed)) return Number(typed.replace(/[ .,\u00a0]/g, ''));
  return /^\d+$/.test(typed) ? Number(typed) : Number.NaN;
}

export function transferPayloadOf(values: TransferFormValues): Record<string, unknown> {
  return {
    email: values.email,
    hand_over_pictures: values.hand_over_pictures === true,
    hand_over_documents: values.hand_over_documents === true,
    price_dkk: priceOf(String(values.price_dkk ?? '')),
  };
}

export const transferFormSchema = z.pipe(z.transform(transferPayloadOf), startTransferSchema) as unknown as z.ZodMiniType<
  StartTransfer,
  TransferFormValues
>;
