import type { FlowAnswers, FlowResult, FlowResultName } from '../../domain/flows.js';
import type { Language } from '../../domain/locale.js';
import type { Db } from '../db/client.js';
import { commutingDeductionResult } from '../surveys/deduction-result.js';

// What a flow's end computes (FLOW_RESULTS), one rule per name, written in the caller's language with its source.
// A definition whose end names a result without a rule here is answered without one (the answers are still kept).

export interface FlowResultContext {
  language: Language;
  /** The person answering, or null for a visitor. */
  partyId: string | null;
  /** The flow's memo and the version answered. */
  memo: string;
  version: number;
  /** The database, for a rule that reads the person's other answers (the commuting deduction reads their commuting days). */
  db: Db;
}

export type FlowResultRule = (answers: FlowAnswers, context: FlowResultContext) => FlowResult | Promise<FlowResult>;

export const flowResultRules: Partial<Record<FlowResultName, FlowResultRule>> = {
  // survey.pendler-travel (issue 16): the Danish befordringsfradrag, over the person's own commuting days if known.
  dk_commuting_deduction: (answers, context) =>
    commutingDeductionResult(context.db, { answers, partyId: context.partyId, language: context.language }),
};
