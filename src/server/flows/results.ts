import type { FlowAnswers, FlowResult, FlowResultName } from '../../domain/flows.js';
import type { Language } from '../../domain/locale.js';

// What a flow's end computes (FLOW_RESULTS), one rule per name, written in the caller's language with its source.
// A definition whose end names a result without a rule here is answered without one (the answers are still kept).

export interface FlowResultContext {
  language: Language;
  /** The person answering, or null for a visitor. */
  partyId: string | null;
  /** The flow's memo and the version answered. */
  memo: string;
  version: number;
}

export type FlowResultRule = (answers: FlowAnswers, context: FlowResultContext) => FlowResult | Promise<FlowResult>;

export const flowResultRules: Partial<Record<FlowResultName, FlowResultRule>> = {};
