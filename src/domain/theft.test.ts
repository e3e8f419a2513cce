import { describe, expect, it } from 'vitest';
import {
  acknowledgementsFor,
  FIRST_UNLOCKED_STEPS,
  isSectionComplete,
  OTHER_INSURER,
  parseTheftTime,
  priceOf,
  publicLocation,
  regionOfPoint,
  reportProblems,
  type StolenReportDraft,
  sectionProblems,
  sectionStatus,
  stolenReportInputSchema,
  THEFT_SECTIONS,
  type TheftRuleContext,
  unlockAfter,
} from './theft.js';

// The stolen report's rules (§2, §3, §5): what each section needs, the conditional fields, dates,
// acknowledgements, the unlocking of sections, and the ~1 km public place.

const NOW = new Date('2026-06-15T12:00:00Z');
const ctx: TheftRuleContext = { profileHasCpr: false, now: NOW, language: 'da' };

/** A complete report: every section passes. */
function completeDraft(overrides: Partial<StolenReportDraft> = {}): StolenReportDraft {
  return {
    bike_id: '6f1c1c1e-2f1a-4a8e-9a51-1d1e5b9f3a11',
    first_name: 'Anna',
    last_name: 'Jensen',
    email: 'anna@example.dk',
    street_address: 'Nørregade 1',
    city: 'København',
    zip_code: '1165',
    mobile: '+45 12345678',
    cpr_number: '010190-1234',
    frame_number: 'WBK1234567A',
    bike_category: 'city',
    is_electric: false,
    bike_color: 'black',
    lock_status: 'locked',
    time_last_seen: '2026-06-14T18:00',
    noted_time: '2026-06-15T08:00',
    place: 'Nørreport Station',
    latitude: 55.6833,
    longitude: 12.5717,
    isCulpritKnown: false,
    isCulpritRecognizable: false,
    hasWitness: false,
    isInsured: false,
    bike_price: 5000,
    acknowledgement_payout: true,
    acknowledgement_data_share: true,
    acknowledgement_ownership_transfer: true,
    ...overrides,
  };
}

const fields = (problems: { field: string; code: string }[]) => problems.map((p) => `${p.field}:${p.code}`);

describe('a complete report', () => {
  it('has no problems in any section', () => {
    expect(reportProblems(completeDraft(), ctx)).toEqual([]);
    for (const section of THEFT_SECTIONS) expect(isSectionComplete(section, completeDraft(), ctx)).toBe(true);
  });

  it('needs the bike', () => {
    expect(fields(reportProblems(completeDraft({ bike_id: null }), ctx))).toEqual(['bike_id:field_required']);
  });

  it('an empty draft names every required field', () => {
    const problems = fields(reportProblems({}, ctx));
    for (const field of ['first_name', 'last_name', 'email', 'street_address', 'city', 'zip_code', 'mobile', 'cpr_number'])
      expect(problems).toContain(`${field}:field_required`);
    for (const field of ['isInsured', 'bike_price', 'frame_number', 'bike_category', 'bike_color', 'lock_status', 'is_electric'])
      expect(problems).toContain(`${field}:field_required`);
    for (const field of ['isCulpritKnown', 'isCulpritRecognizable', 'hasWitness', 'time_last_seen', 'noted_time', 'place'])
      expect(problems).toContain(`${field}:field_required`);
    expect(problems).toContain('latitude:theft_location_required');
    // Whether any confirmation applies depends on the insurance answer, which is still missing.
    expect(problems.filter((p) => p.startsWith('acknowledgement_'))).toEqual([]);
  });
});

describe('personal information', () => {
  it('rejects a bad email and a bad CPR number, and whitespace-only names', () => {
    const problems = fields(
      sectionProblems('personal-info', completeDraft({ email: 'anna@', cpr_number: '991399-1234', first_name: '  ' }), ctx),
    );
    expect(problems).toEqual(['first_name:field_required', 'email:email_invalid', 'cpr_number:cpr_invalid']);
  });

  it('takes the CPR number from the profile when the field is left empty', () => {
    expect(fields(sectionProblems('personal-info', completeDraft({ cpr_number: '' }), ctx))).toEqual(['cpr_number:field_required']);
    expect(sectionProblems('personal-info', completeDraft({ cpr_number: '' }), { ...ctx, profileHasCpr: true })).toEqual([]);
    // A typed one is still checked even then.
    expect(fields(sectionProblems('personal-info', completeDraft({ cpr_number: '12' }), { ...ctx, profileHasCpr: true }))).toEqual([
      'cpr_number:cpr_invalid',
    ]);
  });

  it('accepts a Norwegian fødselsnummer (11 digits)', () => {
    expect(sectionProblems('personal-info', completeDraft({ cpr_number: '01019012345' }), ctx)).toEqual([]);
  });

  it('limits the lengths', () => {
    expect(fields(sectionProblems('personal-info', completeDraft({ floor: 'x'.repeat(21) }), ctx))).toEqual(['floor:too_long']);
  });
});

describe('insurance', () => {
  it('needs the choice and the price; the insurer only when insured', () => {
    expect(fields(sectionProblems('insurance', completeDraft({ isInsured: null, bike_price: '' }), ctx))).toEqual([
      'isInsured:field_required',
      'bike_price:field_required',
    ]);
    expect(fields(sectionProblems('insurance', completeDraft({ isInsured: true }), ctx))).toEqual(['insurance_company:field_required']);
    expect(sectionProblems('insurance', completeDraft({ isInsured: true, insurance_company: 'some-id' }), ctx)).toEqual([]);
  });

  it('takes an insurer outside the register by its name, which is then required', () => {
    const other = { isInsured: true, insurance_company: OTHER_INSURER };
    expect(fields(sectionProblems('insurance', completeDraft(other), ctx))).toEqual(['insurance_company_other:field_required']);
    expect(fields(sectionProblems('insurance', completeDraft({ ...other, insurance_company_other: '  ' }), ctx))).toEqual([
      'insurance_company_other:field_required',
    ]);
    expect(sectionProblems('insurance', completeDraft({ ...other, insurance_company_other: 'Lokal Forsikring' }), ctx)).toEqual([]);
    expect(fields(sectionProblems('insurance', completeDraft({ ...other, insurance_company_other: 'x'.repeat(101) }), ctx))).toEqual([
      'insurance_company_other:too_long',
    ]);
    // Not insured: the name is not asked.
    expect(sectionProblems('insurance', completeDraft({ isInsured: false, insurance_company: OTHER_INSURER }), ctx)).toEqual([]);
  });

  it('reads prices as the owner types them', () => {
    expect(priceOf('12 500', 'da')).toBe(12500);
    expect(priceOf('999,6', 'da')).toBe(1000);
    expect(priceOf(0, 'da')).toBeNull();
    expect(priceOf('abc', 'da')).toBeNull();
    expect(priceOf(20_000_000, 'da')).toBeNull();
  });

  it('reads "7.000" as seven thousand in Danish and Norwegian, and "7,000" in English (not 7 kr)', () => {
    expect(priceOf('7.000', 'da')).toBe(7000);
    expect(priceOf('7.000', 'no')).toBe(7000);
    expect(priceOf('7 000', 'no')).toBe(7000);
    expect(priceOf('7,000', 'en')).toBe(7000);
    expect(priceOf('7,000.50', 'en')).toBe(7001);
    expect(fields(sectionProblems('insurance', completeDraft({ bike_price: '7.00' }), ctx))).toEqual(['bike_price:field_invalid']);
    expect(fields(sectionProblems('insurance', completeDraft({ bike_price: '-5' }), ctx))).toEqual(['bike_price:field_invalid']);
  });
});

describe("the bike's information", () => {
  it('asks for the battery only for an e-bike', () => {
    expect(sectionProblems('bike-info', completeDraft({ is_electric: false, battery_location: null }), ctx)).toEqual([]);
    expect(fields(sectionProblems('bike-info', completeDraft({ is_electric: true }), ctx))).toEqual(['battery_location:field_required']);
    expect(sectionProblems('bike-info', completeDraft({ is_electric: true, battery_location: 'possession' }), ctx)).toEqual([]);
  });

  it('knows the lists', () => {
    const draft = completeDraft({ bike_category: 'tank', bike_color: 'plaid', lock_status: 'chained' as never, is_electric: null });
    expect(fields(sectionProblems('bike-info', draft, ctx))).toEqual([
      'bike_category:field_invalid',
      'bike_color:field_invalid',
      'lock_status:field_invalid',
      'is_electric:field_required',
    ]);
  });
});

describe('the culprit', () => {
  it('asks for a description when the culprit is known or recognisable', () => {
    expect(fields(sectionProblems('culprit-info', completeDraft({ isCulpritKnown: true }), ctx))).toEqual(['culprit_info:field_required']);
    expect(fields(sectionProblems('culprit-info', completeDraft({ isCulpritRecognizable: true }), ctx))).toEqual([
      'culprit_info:field_required',
    ]);
    expect(sectionProblems('culprit-info', completeDraft({ isCulpritKnown: true, culprit_info: 'Tall, red jacket' }), ctx)).toEqual([]);
  });

  it('asks for the witnesses when there are some', () => {
    expect(fields(sectionProblems('culprit-info', completeDraft({ hasWitness: true }), ctx))).toEqual(['witnesses:field_required']);
    expect(sectionProblems('culprit-info', completeDraft({ hasWitness: true, witnesses: 'The neighbour' }), ctx)).toEqual([]);
  });
});

describe('time and place', () => {
  it('refuses dates in the future', () => {
    const draft = completeDraft({ time_last_seen: '2026-06-16T10:00', noted_time: '2026-06-17T10:00' });
    expect(fields(sectionProblems('time-location', draft, ctx))).toEqual([
      'time_last_seen:theft_date_future',
      'noted_time:theft_date_future',
    ]);
  });

  it('allows a few minutes of clock difference', () => {
    const draft = completeDraft({ time_last_seen: '2026-06-15T11:00:00Z', noted_time: '2026-06-15T12:03:00Z' });
    expect(sectionProblems('time-location', draft, ctx)).toEqual([]);
  });

  it('refuses noticing the theft before the bike was last seen', () => {
    const draft = completeDraft({ time_last_seen: '2026-06-15T08:00', noted_time: '2026-06-14T08:00' });
    expect(fields(sectionProblems('time-location', draft, ctx))).toEqual(['noted_time:theft_noted_before_last_seen']);
  });

  it('refuses what is not a date-time, and needs a point', () => {
    const draft = completeDraft({ time_last_seen: 'yesterday', latitude: null, place: '' });
    expect(fields(sectionProblems('time-location', draft, ctx))).toEqual([
      'time_last_seen:field_invalid',
      'place:field_required',
      'latitude:theft_location_required',
    ]);
    expect(fields(sectionProblems('time-location', completeDraft({ latitude: 91 }), ctx))).toEqual(['latitude:theft_location_required']);
  });

  it('reads a wall-clock time in the given time zone (summer and winter)', () => {
    expect(parseTheftTime('2026-06-15T12:00', 'Europe/Copenhagen')?.toISOString()).toBe('2026-06-15T10:00:00.000Z');
    expect(parseTheftTime('2026-01-15T12:00', 'Europe/Copenhagen')?.toISOString()).toBe('2026-01-15T11:00:00.000Z');
    // An explicit offset wins over the zone.
    expect(parseTheftTime('2026-06-15T12:00:00Z', 'Europe/Copenhagen')?.toISOString()).toBe('2026-06-15T12:00:00.000Z');
    expect(parseTheftTime('2026-13-45T12:00', 'Europe/Copenhagen')).toBeNull();
    expect(parseTheftTime('', 'Europe/Copenhagen')).toBeNull();
  });

  it('on the server, a Danish owner reporting a theft of ten minutes ago is not "in the future"', () => {
    // 12:00 UTC is 14:00 in Copenhagen; the owner typed 13:50 local time.
    const draft = completeDraft({ time_last_seen: '2026-06-15T13:00', noted_time: '2026-06-15T13:50' });
    expect(sectionProblems('time-location', draft, { ...ctx, timeZone: 'Europe/Copenhagen' })).toEqual([]);
    const future = completeDraft({ time_last_seen: '2026-06-15T13:00', noted_time: '2026-06-15T14:30' });
    expect(fields(sectionProblems('time-location', future, { ...ctx, timeZone: 'Europe/Copenhagen' }))).toEqual([
      'noted_time:theft_date_future',
    ]);
  });
});

describe('sending', () => {
  const noAcks = { acknowledgement_payout: undefined, acknowledgement_data_share: undefined, acknowledgement_ownership_transfer: false };

  it('needs all three acknowledgements when an insurer of the register receives the report', () => {
    const draft = completeDraft({ ...noAcks, isInsured: true, insurance_company: 'a4b0c2d6-0000-4000-8000-000000000001' });
    expect(fields(sectionProblems('send-report', draft, ctx))).toEqual([
      'acknowledgement_payout:theft_acknowledgement_required',
      'acknowledgement_data_share:theft_acknowledgement_required',
      'acknowledgement_ownership_transfer:theft_acknowledgement_required',
    ]);
    expect(acknowledgementsFor(draft)).toHaveLength(3);
  });

  it('asks no consent to share with an insurer outside the register, which receives nothing', () => {
    const draft = completeDraft({ ...noAcks, isInsured: true, insurance_company: OTHER_INSURER, insurance_company_other: 'Lokal' });
    expect(fields(sectionProblems('send-report', draft, ctx))).toEqual([
      'acknowledgement_payout:theft_acknowledgement_required',
      'acknowledgement_ownership_transfer:theft_acknowledgement_required',
    ]);
  });

  it('asks an owner without insurance for none of them', () => {
    const draft = completeDraft({ ...noAcks, isInsured: false });
    expect(sectionProblems('send-report', draft, ctx)).toEqual([]);
    expect(acknowledgementsFor(draft)).toEqual([]);
  });
});

describe('unlocking sections', () => {
  it('starts with personal-info and opens the next one after each', () => {
    expect(FIRST_UNLOCKED_STEPS).toEqual(['personal-info']);
    expect(unlockAfter('personal-info', [])).toEqual(['personal-info', 'insurance']);
    expect(unlockAfter('insurance', ['personal-info', 'insurance'])).toEqual(['personal-info', 'insurance', 'bike-info']);
    // Going back does not lock anything again.
    expect(unlockAfter('personal-info', ['personal-info', 'insurance', 'bike-info'])).toEqual(['personal-info', 'insurance', 'bike-info']);
    expect(unlockAfter('send-report', [...THEFT_SECTIONS])).toEqual([...THEFT_SECTIONS]);
  });

  it('tells locked, to do and complete', () => {
    const empty: StolenReportDraft = {};
    expect(sectionStatus('personal-info', empty, ctx)).toBe('todo');
    expect(sectionStatus('insurance', empty, ctx)).toBe('locked');
    const draft = completeDraft({ unlockedSteps: ['personal-info', 'insurance'], isInsured: null });
    expect(sectionStatus('personal-info', draft, ctx)).toBe('complete');
    expect(sectionStatus('insurance', draft, ctx)).toBe('todo');
    expect(sectionStatus('bike-info', draft, ctx)).toBe('locked');
    // The first section is open whatever a stored draft says.
    expect(sectionStatus('personal-info', completeDraft({ unlockedSteps: ['insurance'] }), ctx)).toBe('complete');
  });
});

describe('the public place', () => {
  const distanceKm = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) => {
    const rad = Math.PI / 180;
    const dLat = (b.latitude - a.latitude) * rad;
    const dLng = (b.longitude - a.longitude) * rad;
    const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
    return 2 * 6371 * Math.asin(Math.sqrt(h));
  };

  it('is never more than about a kilometre from the real place, and never the real place', () => {
    // A fixed spread of points over Denmark and Norway (a simple generator keeps the test repeatable).
    let seed = 7;
    const next = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let i = 0; i < 2000; i += 1) {
      const point = { latitude: 54.5 + next() * 16.5, longitude: 4.5 + next() * 26 };
      const shown = publicLocation(point.latitude, point.longitude);
      expect(distanceKm(point, shown)).toBeLessThan(1);
      expect(shown.latitude === point.latitude && shown.longitude === point.longitude).toBe(false);
    }
  });

  it('gives the same answer for every point of one cell', () => {
    const a = publicLocation(55.6761, 12.5683);
    const b = publicLocation(55.6762, 12.5684);
    expect(b).toEqual(a);
    const far = publicLocation(55.7, 12.6);
    expect(far.cell).not.toBe(a.cell);
  });

  it('tells Denmark from Norway by latitude', () => {
    expect(regionOfPoint(55.68)).toBe('dk');
    expect(regionOfPoint(57.7)).toBe('dk');
    expect(regionOfPoint(59.91)).toBe('no');
    expect(regionOfPoint(69.65)).toBe('no');
  });
});

describe('the input schema', () => {
  it('needs a bike id and limits the steps list', () => {
    expect(stolenReportInputSchema.safeParse({}).success).toBe(false);
    expect(stolenReportInputSchema.safeParse({ bike_id: 'nope' }).success).toBe(false);
    expect(stolenReportInputSchema.safeParse({ bike_id: completeDraft().bike_id }).success).toBe(true);
    expect(stolenReportInputSchema.safeParse({ bike_id: completeDraft().bike_id, unlockedSteps: Array(50).fill('x') }).success).toBe(false);
  });
});
