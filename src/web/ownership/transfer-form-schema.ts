import * as z from 'zod/mini';
import { amountFromInput } from '../../domain/amounts';
import { type StartTransfer, startTransferSchema } from '../../domain/ownership';
import { pageLanguage } from '../lib/intl';

// The transfer form's schema, loaded lazily (zod stays off the first paint, see ui/form.ts): the form's
// strings and checkboxes become the payload of POST /bikes/{bikeId}/transfers, which the shared schema checks.

export interface TransferFormValues extends Record<string, unknown> {
  email: string;
  hand_over_pictures: boolean;
  hand_over_documents: boolean;
  /** Typed as text in the page's language: "4500", "4.500" or "4 500"; blank for no price. */
  price_dkk: string;
}

export function transferPayloadOf(values: TransferFormValues): Record<string, unknown> {
  return {
    email: values.email,
    hand_over_pictures: values.hand_over_pictures === true,
    hand_over_documents: values.hand_over_documents === true,
    // As typed in the page's language ("4.500" in Danish, "4,500" in English); text that is no number is refused on the field.
    price_dkk: amountFromInput(String(values.price_dkk ?? ''), pageLanguage()),
  };
}

export const transferFormSchema = z.pipe(z.transform(transferPayloadOf), startTransferSchema) as unknown as z.ZodMiniType<
  StartTransfer,
  TransferFormValues
>;
