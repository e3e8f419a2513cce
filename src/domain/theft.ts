import * as z from 'zod/mini';
import { parseLocaleNumber } from './amounts.js';
import { BIKE_CATEGORIES, BIKE_COLORS } from './bikes.js';
import { cprSchema } from './identity.js';
import type { Language } from './locale.js';

// Theft and recovery (§2 Stolen-report steps, §3 Stolen report draft, §4, §5; issue 6): the report the
// wizard fills in, the rules that say when a step is complete, and the answers of the stolen-report
// calls. One schema validates the submitted report on the server; the same rules drive the wizard's
// overview and its "please complete all steps" alert. Field names are the §3 ones.

/**
 * §2: the overview's sections in the order it lists them (your information; insurance company and
 * value; your bike's information; the culprit; time and place; then submit). Each is unlocked when the
 * one before it is complete; §3 unlockedSteps starts with personal-info.
 */
export const THEFT_SECTIONS = ['personal-info', 'insurance', 'bike-info', 'culprit-info', 'time-location', 'send-report'] as const;
export type TheftSection = (typeof THEFT_SECTIONS)[number];
export const FIRST_UNLOCKED_STEPS: TheftSection[] = ['personal-info'];

export const LOCK_STATUSES = ['locked_to_object', 'locked', 'unlocked'] as const;
export type LockStatus = (typeof LOCK_STATUSES)[number];
/** Where an e-bike's battery was: with the owner (removed) or on the bike (integrated or left on). */
export const BATTERY_LOCATIONS = ['possession', 'integrated'] as const;
export type BatteryLocation = (typeof BATTERY_LOCATIONS)[number];

export const THEFT_TEXT_MAX = 2000;
/** The insurer choice "other": an insurance company outside the register, named in insurance_company_other. */
export const OTHER_INSURER = 'other';
export const INSURER_NAME_MAX = 100;
export const THEFT_PLACE_MAX = 200;

/**
 * §3 Stolen report draft, as the wizard keeps it (persisted locally, §4) and sends it. Every field may be
 * missing while the owner works; `sectionProblems` says what each section still needs.
 * Dates are ISO date-times (`YYYY-MM-DDTHH:mm`, local time of the owner, as a datetime-local field gives them).
 */
export interface StolenReportDraft {
  bike_id?: string | null;
  // your information
  first_name?: string;
  last_name?: string;
  email?: string;
  street_address?: string;
  city?: string;
  zip_code?: string;
  mobile?: string;
  telephone?: string;
  floor?: string;
  side?: string;
  door?: string;
  /** Typed in the wizard; empty means "use the one on my profile" when the profile has one. */
  cpr_number?: string;
  // the bike
  frame_number?: string;
  bike_category?: string | null;
  is_electric?: boolean | null;
  bike_color?: string | null;
  lock_status?: LockStatus | null;
  battery_location?: BatteryLocation | null;
  // time and place
  time_last_seen?: string;
  noted_time?: string;
  /** The address (or a description of the place) the bike was stolen from. */
  place?: string;
  latitude?: number | null;
  longitude?: number | null;
  /** The public ~1 km cell of the place (locationCell); the server computes it again. */
  location_id?: string | null;
  // culprit
  isCulpritKnown?: boolean | null;
  isCulpritRecognizable?: boolean | null;
  culprit_info?: string;
  hasWitness?: boolean | null;
  witnesses?: string;
  // insurance
  isInsured?: boolean | null;
  /** The party id of an insurance company of the register (GET /api/insurers/), or OTHER_INSURER. */
  insurance_company?: string | null;
  /** The insurer's name when it is not in the register (insurance_company is OTHER_INSURER). */
  insurance_company_other?: string | null;
  bike_price?: number | string | null;
  // send
  policeReportRequested?: boolean;
  acknowledgement_payout?: boolean;
  acknowledgement_data_share?: boolean;
  acknowledgement_ownership_transfer?: boolean;
  unlockedSteps?: TheftSection[];
}

/** What the rules need to know besides the draft. */
export interface TheftRuleContext {
  /** The language amounts were typed in (§5: what the owner typed is read as they meant it). */
  language: Language;
  /** The profile already holds a CPR number, so the wizard may leave the field empty. */
  profileHasCpr: boolean;
  now?: Date;
  /**
   * The time zone a date-time without an offset is read in. The browser leaves it out (its own zone is
   * the owner's); the server passes THEFT_TIME_ZONE, since its own zone (UTC) is not the owner's.
   */
  timeZone?: string;
}

/** Denmark and Norway keep the same clock (CET/CEST), so one zone reads the owner's times in both regions. */
export const THEFT_TIME_ZONE = 'Europe/Copenhagen';
/** A time a little ahead of now is a clock difference between the owner's device and the server, not the future. */
export const THEFT_FUTURE_TOLERANCE_MS = 5 * 60_000;

/** A field and the error code (errors.ts) it has; the wizard marks the field, the server answers 422. */
export interface TheftProblem {
  field: keyof StolenReportDraft;
  code:
    | 'field_required'
    | 'field_invalid'
    | 'email_invalid'
    | 'cpr_invalid'
    | 'theft_date_future'
    | 'theft_noted_before_last_seen'
    | 'theft_location_required'
    | 'theft_acknowledgement_required'
    | 'too_long';
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const chosen = (v: unknown) => typeof v === 'boolean';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

const HAS_OFFSET = /(Z|[+-]\d{2}:\d{2})$/;

/** How far `timeZone`'s clock is ahead of UTC at `instant`, in ms. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * A datetime-local value (or an ISO date-time) as a Date; null when it is not one. A value without an
 * offset is the owner's wall-clock time: in `timeZone` when given, else in the runtime's own zone.
 */
export function parseTheftTime(value: string | undefined | null, timeZone?: string): Date | null {
  if (!value || !DATE_TIME.test(value)) return null;
  if (!timeZone || HAS_OFFSET.test(value)) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const asUtc = new Date(`${value}Z`).getTime();
  if (Number.isNaN(asUtc)) return null;
  // Two rounds settle the offset also next to a daylight-saving change.
  const first = asUtc - zoneOffsetMs(asUtc, timeZone);
  return new Date(asUtc - zoneOffsetMs(first, timeZone));
}

/** The bike's value in whole kroner, read as typed in the owner's language ("7.000" is seven thousand in Danish). */
export function priceOf(value: StolenReportDraft['bike_price'], language: Language): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : parseLocaleNumber(String(value), language);
  return n !== null && Number.isFinite(n) && n > 0 && n <= 10_000_000 ? Math.round(n) : null;
}

function required(d: StolenReportDraft, fields: (keyof StolenReportDraft)[], out: TheftProblem[]) {
  for (const field of fields) if (blank(d[field])) out.push({ field, code: 'field_required' });
}

function longText(d: StolenReportDraft, fields: (keyof StolenReportDraft)[], max: number, out: TheftProblem[]) {
  for (const field of fields) {
    const v = d[field];
    if (typeof v === 'string' && v.trim().length > max) out.push({ field, code: 'too_long' });
  }
}

/** What a section still needs, as field problems; empty when the section is complete. */
export function sectionProblems(section: TheftSection, d: StolenReportDraft, ctx: TheftRuleContext): TheftProblem[] {
  const out: TheftProblem[] = [];
  switch (section) {
    case 'personal-info': {
      required(d, ['first_name', 'last_name', 'email', 'street_address', 'city', 'zip_code', 'mobile'], out);
      longText(d, ['first_name', 'last_name', 'email', 'street_address', 'city', 'zip_code', 'mobile', 'telephone'], 100, out);
      longText(d, ['floor', 'side', 'door'], 20, out);
      if (!blank(d.email) && !EMAIL.test(String(d.email).trim())) out.push({ field: 'email', code: 'email_invalid' });
      if (blank(d.cpr_number)) {
        if (!ctx.profileHasCpr) out.push({ field: 'cpr_number', code: 'field_required' });
      } else if (!cprSchema.safeParse(d.cpr_number).success) out.push({ field: 'cpr_number', code: 'cpr_invalid' });
      break;
    }
    case 'insurance': {
      if (!chosen(d.isInsured)) out.push({ field: 'isInsured', code: 'field_required' });
      if (d.isInsured === true && blank(d.insurance_company)) out.push({ field: 'insurance_company', code: 'field_required' });
      if (d.isInsured === true && d.insurance_company === OTHER_INSURER) {
        if (blank(d.insurance_company_other)) out.push({ field: 'insurance_company_other', code: 'field_required' });
        longText(d, ['insurance_company_other'], INSURER_NAME_MAX, out);
      }
      if (blank(d.bike_price)) out.push({ field: 'bike_price', code: 'field_required' });
      else if (priceOf(d.bike_price, ctx.language) === null) out.push({ field: 'bike_price', code: 'field_invalid' });
      break;
    }
    case 'bike-info': {
      required(d, ['frame_number', 'bike_category', 'bike_color', 'lock_status'], out);
      longText(d, ['frame_number'], 40, out);
      if (!blank(d.bike_category) && !(BIKE_CATEGORIES as readonly string[]).includes(String(d.bike_category)))
        out.push({ field: 'bike_category', code: 'field_invalid' });
      if (!blank(d.bike_color) && !(BIKE_COLORS as readonly string[]).includes(String(d.bike_color)))
        out.push({ field: 'bike_color', code: 'field_invalid' });
      if (!blank(d.lock_status) && !(LOCK_STATUSES as readonly string[]).includes(String(d.lock_status)))
        out.push({ field: 'lock_status', code: 'field_invalid' });
      if (!chosen(d.is_electric)) out.push({ field: 'is_electric', code: 'field_required' });
      if (d.is_electric === true) {
        if (blank(d.battery_location)) out.push({ field: 'battery_location', code: 'field_required' });
        else if (!(BATTERY_LOCATIONS as readonly string[]).includes(String(d.battery_location)))
          out.push({ field: 'battery_location', code: 'field_invalid' });
      }
      break;
    }
    case 'culprit-info': {
      if (!chosen(d.isCulpritKnown)) out.push({ field: 'isCulpritKnown', code: 'field_required' });
      if (!chosen(d.isCulpritRecognizable)) out.push({ field: 'isCulpritRecognizable', code: 'field_required' });
      if ((d.isCulpritKnown || d.isCulpritRecognizable) && blank(d.culprit_info))
        out.push({ field: 'culprit_info', code: 'field_required' });
      if (!chosen(d.hasWitness)) out.push({ field: 'hasWitness', code: 'field_required' });
      if (d.hasWitness === true && blank(d.witnesses)) out.push({ field: 'witnesses', code: 'field_required' });
      longText(d, ['culprit_info', 'witnesses'], THEFT_TEXT_MAX, out);
      break;
    }
    case 'time-location': {
      const now = new Date((ctx.now ?? new Date()).getTime() + THEFT_FUTURE_TOLERANCE_MS);
      const lastSeen = parseTheftTime(d.time_last_seen, ctx.timeZone);
      const noted = parseTheftTime(d.noted_time, ctx.timeZone);
      if (blank(d.time_last_seen)) out.push({ field: 'time_last_seen', code: 'field_required' });
      else if (!lastSeen) out.push({ field: 'time_last_seen', code: 'field_invalid' });
      else if (lastSeen > now) out.push({ field: 'time_last_seen', code: 'theft_date_future' });
      if (blank(d.noted_time)) out.push({ field: 'noted_time', code: 'field_required' });
      else if (!noted) out.push({ field: 'noted_time', code: 'field_invalid' });
      else if (noted > now) out.push({ field: 'noted_time', code: 'theft_date_future' });
      else if (lastSeen && noted < lastSeen) out.push({ field: 'noted_time', code: 'theft_noted_before_last_seen' });
      required(d, ['place'], out);
      longText(d, ['place'], THEFT_PLACE_MAX, out);
      if (!isValidPoint(d.latitude, d.longitude)) out.push({ field: 'latitude', code: 'theft_location_required' });
      break;
    }
    case 'send-report': {
      for (const field of acknowledgementsFor(d)) if (d[field] !== true) out.push({ field, code: 'theft_acknowledgement_required' });
      break;
    }
  }
  return out;
}

export type TheftAcknowledgement = 'acknowledgement_payout' | 'acknowledgement_data_share' | 'acknowledgement_ownership_transfer';

/**
 * The confirmations a report asks for (§3), as they apply: an insured owner confirms that claiming a payout is
 * their own task and that the registration moves to the insurer that compensates them; sharing the report is
 * confirmed only when an insurer of the register receives it (an insurer outside it, "other", receives nothing).
 * An owner without insurance confirms none of them.
 */
export function acknowledgementsFor(d: Pick<StolenReportDraft, 'isInsured' | 'insurance_company'>): TheftAcknowledgement[] {
  if (d.isInsured !== true) return [];
  const sharedWithInsurer = !blank(d.insurance_company) && d.insurance_company !== OTHER_INSURER;
  return sharedWithInsurer
    ? ['acknowledgement_payout', 'acknowledgement_data_share', 'acknowledgement_ownership_transfer']
    : ['acknowledgement_payout', 'acknowledgement_ownership_transfer'];
}

export const isSectionComplete = (section: TheftSection, d: StolenReportDraft, ctx: TheftRuleContext) =>
  sectionProblems(section, d, ctx).length === 0;

/** Every problem of the report, section by section; empty when it may be sent (§5). */
export function reportProblems(d: StolenReportDraft, ctx: TheftRuleContext): TheftProblem[] {
  const out: TheftProblem[] = [];
  if (blank(d.bike_id)) out.push({ field: 'bike_id', code: 'field_required' });
  for (const section of THEFT_SECTIONS) out.push(...sectionProblems(section, d, ctx));
  return out;
}

/** The sections the owner may open: personal-info, then each one whose predecessors are all complete or already unlocked. */
export function unlockAfter(section: TheftSection, unlocked: readonly TheftSection[]): TheftSection[] {
  const next = THEFT_SECTIONS[THEFT_SECTIONS.indexOf(section) + 1];
  const set = new Set<TheftSection>([...FIRST_UNLOCKED_STEPS, ...unlocked]);
  if (next) set.add(next);
  return THEFT_SECTIONS.filter((s) => set.has(s));
}

export type SectionStatus = 'locked' | 'todo' | 'complete';
export function sectionStatus(section: TheftSection, d: StolenReportDraft, ctx: TheftRuleContext): SectionStatus {
  // The first section is always open, whatever a stored draft says.
  const unlocked = [...FIRST_UNLOCKED_STEPS, ...(d.unlockedSteps ?? [])];
  if (!unlocked.includes(section)) return 'locked';
  return isSectionComplete(section, d, ctx) ? 'complete' : 'todo';
}

// ---- places ----

export function isValidPoint(lat: unknown, lng: unknown): lat is number {
  return typeof lat === 'number' && typeof lng === 'number' && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && Number.isFinite(lat + lng);
}

/** About 1 km north-south (1/111 of a degree); east-west the step widens with the latitude. */
const CELL_LAT_DEGREES = 0.009;

/**
 * The public place of a theft: the centre of its ~1 km cell. The exact place is seen only by the owner,
 * the police report and the insurer it is shared with; search, the map and its list show this one.
 */
export function publicLocation(lat: number, lng: number): { latitude: number; longitude: number; cell: string } {
  const row = Math.floor(lat / CELL_LAT_DEGREES);
  const centreLat = (row + 0.5) * CELL_LAT_DEGREES;
  const lngStep = CELL_LAT_DEGREES / Math.max(0.05, Math.cos((centreLat * Math.PI) / 180));
  const col = Math.floor(lng / lngStep);
  const round = (v: number) => Math.round(v * 1e5) / 1e5;
  return { latitude: round(centreLat), longitude: round((col + 0.5) * lngStep), cell: `${row}:${col}` };
}

/** The register's two regions, told apart by latitude: Denmark lies south of 57.8°N, Norway north of 57.9°N. */
export function regionOfPoint(lat: number): 'dk' | 'no' {
  return lat < 57.85 ? 'dk' : 'no';
}

// ---- the calls ----

const optionalString = (max: number) => z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max, { error: 'too_long' }))));

/**
 * POST /api/stolen-reports/: the report as the wizard sends it. Shapes are checked here; completeness
 * and the rules between fields are `reportProblems` (the service runs it and answers 422 with the first
 * problems). `unlockedSteps` is the wizard's own and ignored.
 */
export const stolenReportInputSchema = z.object({
  bike_id: z.string({ error: 'field_required' }).check(z.uuid({ error: 'field_invalid' })),
  first_name: optionalString(100),
  last_name: optionalString(100),
  email: optionalString(200),
  street_address: optionalString(200),
  city: optionalString(100),
  zip_code: optionalString(20),
  mobile: optionalString(40),
  telephone: optionalString(40),
  floor: optionalString(20),
  side: optionalString(20),
  door: optionalString(20),
  cpr_number: optionalString(20),
  frame_number: optionalString(40),
  bike_category: optionalString(40),
  is_electric: z.optional(z.nullable(z.boolean({ error: 'field_invalid' }))),
  bike_color: optionalString(40),
  lock_status: optionalString(40),
  battery_location: optionalString(40),
  time_last_seen: optionalString(40),
  noted_time: optionalString(40),
  place: optionalString(THEFT_PLACE_MAX),
  latitude: z.optional(z.nullable(z.number({ error: 'field_invalid' }))),
  longitude: z.optional(z.nullable(z.number({ error: 'field_invalid' }))),
  location_id: optionalString(40),
  isCulpritKnown: z.optional(z.nullable(z.boolean({ error: 'field_invalid' }))),
  isCulpritRecognizable: z.optional(z.nullable(z.boolean({ error: 'field_invalid' }))),
  culprit_info: optionalString(THEFT_TEXT_MAX),
  hasWitness: z.optional(z.nullable(z.boolean({ error: 'field_invalid' }))),
  witnesses: optionalString(THEFT_TEXT_MAX),
  isInsured: z.optional(z.nullable(z.boolean({ error: 'field_invalid' }))),
  insurance_company: optionalString(40),
  insurance_company_other: optionalString(INSURER_NAME_MAX),
  bike_price: z.optional(z.nullable(z.union([z.number({ error: 'field_invalid' }), z.string({ error: 'field_invalid' })]))),
  policeReportRequested: z.optional(z.boolean({ error: 'field_invalid' })),
  acknowledgement_payout: z.optional(z.boolean({ error: 'field_invalid' })),
  acknowledgement_data_share: z.optional(z.boolean({ error: 'field_invalid' })),
  acknowledgement_ownership_transfer: z.optional(z.boolean({ error: 'field_invalid' })),
  unlockedSteps: z.optional(z.array(z.string().check(z.maxLength(40))).check(z.maxLength(THEFT_SECTIONS.length * 2))),
});
export type StolenReportInput = z.infer<typeof stolenReportInputSchema>;

/**
 * GET /api/bikes/{bikeId}/stolen-report (the owner only): the filed report. The CPR number is masked;
 * the exact place is the owner's to see.
 */
export const stolenReportSchema = z.object({
  id: z.string(),
  bike_id: z.string(),
  reported_at: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  street_address: z.string(),
  city: z.string(),
  zip_code: z.string(),
  mobile: z.string(),
  telephone: z.nullable(z.string()),
  floor: z.nullable(z.string()),
  side: z.nullable(z.string()),
  door: z.nullable(z.string()),
  /** maskCpr: the birth date part only. */
  cpr_number_masked: z.string(),
  frame_number: z.string(),
  bike_category: z.string(),
  is_electric: z.boolean(),
  bike_color: z.string(),
  lock_status: z.enum(LOCK_STATUSES),
  battery_location: z.nullable(z.enum(BATTERY_LOCATIONS)),
  time_last_seen: z.string(),
  noted_time: z.string(),
  place: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  location_id: z.string(),
  isCulpritKnown: z.boolean(),
  isCulpritRecognizable: z.boolean(),
  culprit_info: z.nullable(z.string()),
  hasWitness: z.boolean(),
  witnesses: z.nullable(z.string()),
  isInsured: z.boolean(),
  insurance_company: z.nullable(z.object({ party_id: z.string(), name: z.string() })),
  /** The insurer's name when the owner chose one outside the register (then nothing is shared). */
  insurance_company_other: z.nullable(z.string()),
  bike_price: z.number(),
  policeReportRequested: z.boolean(),
  /** When the report was shared with the insurer (acknowledged and insured), else null. */
  shared_with_insurer_at: z.nullable(z.string()),
  /** GET address of the police-report PDF (the owner's own call). */
  police_report_url: z.string(),
});
export type StolenReport = z.infer<typeof stolenReportSchema>;

/** GET /api/insurers/ (public): the insurance companies of the register, for the wizard's choice and /forsikringsfordel. */
export const insurerSchema = z.object({ party_id: z.string(), name: z.string() });
export type Insurer = z.infer<typeof insurerSchema>;
export const insurersAnswerSchema = z.object({ insurers: z.array(insurerSchema) });
