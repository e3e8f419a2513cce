// The stolen-report wizard's steps (§2, §4), apart from the report's schemas so that the web's route table can
// list them without loading zod.

/** §4: the wizard's steps in order; the first and last are the overview and the receipt. */
export const THEFT_STEPS = [
  'report-stolen',
  'bike-info',
  'time-location',
  'culprit-info',
  'personal-info',
  'insurance',
  'send-report',
  'report-confirmed',
] as const;
