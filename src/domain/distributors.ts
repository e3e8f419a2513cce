import * as z from 'zod/mini';
import { REGIONS } from './locale.js';

// Distributors (issue 15): shops and partners that sell plates, listed and mapped at /find-distributor and kept by
// staff in the backoffice. The contracts of GET /api/distributors and /api/backoffice/distributors.

export const DISTRIBUTORS_PAGE_SIZE = 20;

/** What a distributor offers: plates over the counter, registrations (a plate with its registration), fitting the plate. */
export const DISTRIBUTOR_OFFERS = ['plates', 'registrations', 'fitting'] as const;
export type DistributorOffer = (typeof DISTRIBUTOR_OFFERS)[number];

/**
 * The form a city is searched in: lower case, without diacritics, and the Danish and Norwegian letters written
 * out (æ → ae, ø → o, å → a), so "Tromso", "tromsø" and "TROMSØ" all find Tromsø.
 */
export function searchForm(value: string): string {
  return value.trim().toLowerCase().replace(/æ/g, 'ae').replace(/ø/g, 'o').normalize('NFD').replace(/\p{M}/gu, '');
}

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const offsetSchema = z._default(z.coerce.number({ error: 'field_invalid' }).check(z.int(), z.minimum(0), z.maximum(100_000)), 0);

/** GET /api/distributors?q=&region=&offset= : q is the start of a postcode or of a city's name. */
export const distributorQuerySchema = z.object({
  q: z._default(z.string().check(z.trim(), z.maxLength(80, { error: 'too_long' })), ''),
  region: z.pipe(z.transform(blankToUndefined), z.optional(z.enum(REGIONS, { error: 'field_invalid' }))),
  offset: offsetSchema,
});
export type DistributorQuery = z.infer<typeof distributorQuerySchema>;

export const distributorSchema = z.object({
  id: z.string(),
  name: z.string(),
  street: z.string(),
  postcode: z.string(),
  city: z.string(),
  region: z.enum(REGIONS),
  latitude: z.number(),
  longitude: z.number(),
  phone: z.nullable(z.string()),
  website: z.nullable(z.string()),
  offers: z.array(z.enum(DISTRIBUTOR_OFFERS)),
});
export type Distributor = z.infer<typeof distributorSchema>;

export const distributorPageSchema = z.object({
  items: z.array(distributorSchema),
  total: z.number(),
  offset: z.number(),
  page_size: z.number(),
});
export type DistributorPage = z.infer<typeof distributorPageSchema>;

const requiredText = (max: number) =>
  z
    .string({ error: 'field_required' })
    .check(z.trim(), z.minLength(1, { error: 'field_required' }), z.maxLength(max, { error: 'too_long' }));
const coordinate = (min: number, max: number) =>
  z.coerce.number({ error: 'field_invalid' }).check(z.minimum(min, { error: 'field_invalid' }), z.maximum(max, { error: 'field_invalid' }));

/** POST and PUT /api/backoffice/distributors: a distributor as staff enter it. Postcodes are four digits in both countries. */
export const distributorInputSchema = z.object({
  name: requiredText(120),
  street: requiredText(120),
  postcode: z.string({ error: 'field_required' }).check(z.trim(), z.regex(/^\d{4}$/, { error: 'zip_invalid' })),
  city: requiredText(80),
  region: z.enum(REGIONS, { error: 'region_required' }),
  latitude: coordinate(54, 72),
  longitude: coordinate(4, 32),
  phone: z.pipe(z.transform(blankToNull), z.nullable(z.string().check(z.trim(), z.regex(/^\+?[\d ]{8,15}$/, { error: 'phone_invalid' })))),
  website: z.pipe(
    z.transform(blankToNull),
    z.nullable(
      z
        .string()
        .check(z.trim(), z.maxLength(200, { error: 'too_long' }), z.regex(/^https?:\/\/[^\s/]+\.[^\s]+$/, { error: 'field_invalid' })),
    ),
  ),
  offers: z.array(z.enum(DISTRIBUTOR_OFFERS, { error: 'field_invalid' })).check(z.minLength(1, { error: 'field_required' })),
});
export type DistributorInput = z.infer<typeof distributorInputSchema>;
