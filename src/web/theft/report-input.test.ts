import { describe, expect, it } from 'vitest';
import type { StolenReportDraft } from '../../domain/theft';
import { reportInput } from './report-input';
import { incompleteSections, sectionOfField } from './sections';

const complete: StolenReportDraft = {
  bike_id: '6f1c2d2e-8d7a-4a7e-9a43-2b1f0c9d7e11',
  first_name: 'Mette',
  last_name: 'Kristensen',
  email: 'mette@example.com',
  street_address: 'Nørrebrogade 10',
  city: 'København N',
  zip_code: '2200',
  mobile: '+4512345678',
  cpr_number: '',
  isInsured: false,
  insurance_company: 'left-over-choice',
  bike_price: '12 000',
  frame_number: 'WBK123456T',
  bike_category: 'city',
  bike_color: 'blue',
  lock_status: 'locked',
  is_electric: false,
  battery_location: 'integrated',
  isCulpritKnown: false,
  isCulpritRecognizable: false,
  culprit_info: 'typed before answering no',
  hasWitness: false,
  witnesses: '',
  time_last_seen: '2026-11-20T08:00',
  noted_time: '2026-11-20T18:30',
  place: 'Nørreport',
  latitude: 55.68,
  longitude: 12.57,
  acknowledgement_payout: true,
  acknowledgement_data_share: true,
  acknowledgement_ownership_transfer: true,
  unlockedSteps: ['personal-info', 'insurance'],
};
const ctx = { profileHasCpr: true, now: new Date('2026-11-21T12:00:00Z'), language: 'da' as const };

describe('the report the wizard sends', () => {
  it('sends times with their offset, the price as a number, and no answers to questions not asked', () => {
    const input = reportInput(complete, 'da');
    expect(input.time_last_seen).toBe(new Date('2026-11-20T08:00').toISOString());
    expect(input.bike_price).toBe(12000);
    expect(input.insurance_company).toBeNull();
    expect(input.battery_location).toBeNull();
    expect(input.culprit_info).toBeNull();
    expect(input.witnesses).toBeNull();
    expect(input.policeReportRequested).toBe(false);
    // An empty CPR number means "the one on my profile": none is sent; the wizard's own state neither.
    expect('cpr_number' in input && input.cpr_number !== undefined).toBe(false);
    expect(input).not.toHaveProperty('unlockedSteps');
  });

  it("sends an insurer outside the register by its name, and the name only when 'other' is chosen", () => {
    const other = reportInput(
      { ...complete, isInsured: true, insurance_company: 'other', insurance_company_other: 'Lokal Forsikring' },
      'da',
    );
    expect(other).toMatchObject({ insurance_company: 'other', insurance_company_other: 'Lokal Forsikring' });
    const registered = reportInput(
      { ...complete, isInsured: true, insurance_company: 'some-id', insurance_company_other: 'typed before' },
      'da',
    );
    expect(registered).toMatchObject({ insurance_company: 'some-id', insurance_company_other: null });
    expect(reportInput({ ...complete, insurance_company: 'other', insurance_company_other: 'x' }, 'da').insurance_company_other).toBeNull();
  });

  it('sends the CPR number typed in this tab', () => {
    expect(reportInput({ ...complete, cpr_number: ' 140279-1242 ' }, 'da').cpr_number).toBe('140279-1242');
  });
});

describe('the sections still to complete', () => {
  it('is none for a complete report', () => {
    expect(incompleteSections(complete, ctx)).toEqual([]);
  });

  it('names each section with a problem, in the overview order', () => {
    const draft = {
      ...complete,
      mobile: '',
      latitude: null,
      isInsured: true,
      insurance_company: 'other',
      insurance_company_other: 'Lokal',
      acknowledgement_payout: false,
    };
    expect(incompleteSections(draft, ctx)).toEqual(['personal-info', 'time-location', 'send-report']);
    expect(incompleteSections({ ...complete, cpr_number: '' }, { ...ctx, profileHasCpr: false })).toEqual(['personal-info']);
  });

  it('finds the section of a field a server 422 names', () => {
    expect(sectionOfField('insurance_company')).toBe('insurance');
    expect(sectionOfField('insurance_company_other')).toBe('insurance');
    expect(sectionOfField('latitude')).toBe('time-location');
    expect(sectionOfField('nonsense')).toBeNull();
    expect(sectionOfField(undefined)).toBeNull();
  });
});
