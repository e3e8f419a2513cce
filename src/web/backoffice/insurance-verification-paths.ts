import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { ReviewCheck, ReviewChecks } from '../../domain/possession-review';

// The four steps of a review (§2 /backoffice/v2/insurance-verification/{id}/…), and what the reviewer found so far:
// kept in the tab's session storage, so a reload or a step back keeps it, and sent with the decision.

export const REVIEW_STEPS = ['frame-number', 'verify-plate-id', 'verify-receipt', 'summary'] as const;
export type ReviewStep = (typeof REVIEW_STEPS)[number];

export const QUEUE_PATH = '/backoffice/v2/insurance-verification';
export const stepPath = (id: string, step: ReviewStep) => `${QUEUE_PATH}/${encodeURIComponent(id)}/${step}`;

/** The checks each step answers. */
export const STEP_CHECKS: Record<Exclude<ReviewStep, 'summary'>, ReviewCheck[]> = {
  'frame-number': ['frame_number'],
  'verify-plate-id': ['plate'],
  'verify-receipt': ['purchase_date', 'price'],
};

interface ReviewDraftState {
  checks: Record<string, ReviewChecks>;
  /** Items skipped in this tab: "next" leaves them out, so a skip moves on. */
  skipped: string[];
  setCheck(id: string, check: ReviewCheck, result: ReviewChecks[ReviewCheck]): void;
  skip(id: string): void;
  clearSkipped(): void;
  forget(id: string): void;
}

export const useReviewDraft = create<ReviewDraftState>()(
  persist(
    (set) => ({
      checks: {},
      skipped: [],
      setCheck: (id, check, result) => set((s) => ({ checks: { ...s.checks, [id]: { ...s.checks[id], [check]: result } } })),
      skip: (id) => set((s) => ({ skipped: [...s.skipped.filter((x) => x !== id), id].slice(-100) })),
      clearSkipped: () => set({ skipped: [] }),
      forget: (id) =>
        set((s) => {
          const { [id]: _, ...rest } = s.checks;
          return { checks: rest };
        }),
    }),
    { name: 'backoffice-possession-review', storage: createJSONStorage(() => sessionStorage) },
  ),
);
