import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

// A flow being filled in (§4 drafts persist locally): the answers so far and the step reached, per flow memo, in
// localStorage so a reload keeps them; a reset clears them. A signed-in person's draft is kept on the server too
// (flow-page.tsx), so it can be finished on another device. Answers are kept as typed: an address still without its
// place on the map, say, stays here but is not sent until it is whole.

export interface LocalFlowDraft {
  /** The version of the definition the answers were given to. */
  version: number;
  answers: Record<string, unknown>;
  step: string | null;
  /** When it last changed (ISO), to tell it from the server's copy. */
  savedAt: string;
}

interface FlowDraftState {
  drafts: Record<string, LocalFlowDraft>;
  save(memo: string, draft: Omit<LocalFlowDraft, 'savedAt'>, savedAt?: string): void;
  reset(memo: string): void;
}

export const useFlowDrafts = create<FlowDraftState>()(
  persist(
    (set) => ({
      drafts: {},
      save: (memo, draft, savedAt) =>
        set((s) => ({ drafts: { ...s.drafts, [memo]: { ...draft, savedAt: savedAt ?? new Date().toISOString() } } })),
      reset: (memo) =>
        set((s) => {
          const { [memo]: _gone, ...rest } = s.drafts;
          return { drafts: rest };
        }),
    }),
    { name: 'flow-drafts', storage: createJSONStorage(() => localStorage), version: 1 },
  ),
);
