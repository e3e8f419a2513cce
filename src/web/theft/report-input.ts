import type { Language } from '../../domain/locale';
import { OTHER_INSURER, priceOf, type StolenReportDraft, type StolenReportInput } from '../../domain/theft';

const isoOf = (value: string | undefined) => (value ? new Date(value).toISOString() : null);

/** The draft as POST /api/stolen-reports/ takes it: times with their offset, the price as a number, no wizard state. */
export function reportInput(d: StolenReportDraft, language: Language): StolenReportInput {
  const { unlockedSteps: _wizardOnly, location_id: _serverComputes, ...rest } = d;
  const cpr = d.cpr_number?.trim();
  return {
    ...rest,
    bike_id: d.bike_id ?? '',
    cpr_number: cpr ? cpr : undefined,
    time_last_seen: isoOf(d.time_last_seen),
    noted_time: isoOf(d.noted_time),
    bike_price: priceOf(d.bike_price, language),
    insurance_company: d.isInsured ? (d.insurance_company ?? null) : null,
    insurance_company_other: d.isInsured && d.insurance_company === OTHER_INSURER ? (d.insurance_company_other ?? null) : null,
    battery_location: d.is_electric ? (d.battery_location ?? null) : null,
    culprit_info: d.isCulpritKnown || d.isCulpritRecognizable ? (d.culprit_info ?? null) : null,
    witnesses: d.hasWitness ? (d.witnesses ?? null) : null,
    policeReportRequested: d.policeReportRequested === true,
  } as StolenReportInput;
}
