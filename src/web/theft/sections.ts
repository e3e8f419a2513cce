import { reportProblems, type StolenReportDraft, THEFT_SECTIONS, type TheftRuleContext, type TheftSection } from '../../domain/theft';

/** Which section asks for a field: a server 422 names a field, and the page points to its section. */
export const SECTION_FIELDS: Record<TheftSection, readonly string[]> = {
  'personal-info': [
    'first_name',
    'last_name',
    'email',
    'street_address',
    'city',
    'zip_code',
    'mobile',
    'telephone',
    'floor',
    'side',
    'door',
    'cpr_number',
  ],
  insurance: ['isInsured', 'insurance_company', 'insurance_company_other', 'bike_price'],
  'bike-info': ['frame_number', 'bike_category', 'is_electric', 'bike_color', 'lock_status', 'battery_location'],
  'culprit-info': ['isCulpritKnown', 'isCulpritRecognizable', 'culprit_info', 'hasWitness', 'witnesses'],
  'time-location': ['time_last_seen', 'noted_time', 'place', 'latitude', 'longitude', 'location_id'],
  'send-report': ['policeReportRequested', 'acknowledgement_payout', 'acknowledgement_data_share', 'acknowledgement_ownership_transfer'],
};

export function sectionOfField(field: string | undefined): TheftSection | null {
  if (!field) return null;
  return THEFT_SECTIONS.find((s) => SECTION_FIELDS[s].includes(field)) ?? null;
}

/** The sections that still need something, in the overview's order (§5 "please complete all steps"). */
export function incompleteSections(draft: StolenReportDraft, ctx: TheftRuleContext): TheftSection[] {
  const problems = reportProblems(draft, ctx);
  return THEFT_SECTIONS.filter((s) => problems.some((p) => SECTION_FIELDS[s].includes(p.field)));
}

export const isTheftSection = (value: string): value is TheftSection => (THEFT_SECTIONS as readonly string[]).includes(value);
