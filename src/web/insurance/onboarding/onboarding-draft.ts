import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { PolicyType } from '../../../domain/insurance-policies';

// The insurance onboarding being filled in (§3 Insurance onboarding draft, §4 drafts persist locally): kept in
// localStorage so it survives a reload; a reset clears it. The profile and a pre-registration lookup fill the
// fields that are still empty.

export const ONBOARDING_STEPS = ['consent', 'insurance-type', 'insurance-details', 'shipping-info'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export interface OnboardingDraft {
  insurer_party_id?: string;
  party_id?: string;
  policy_id?: string;
  insurer_policy_id?: string;
  insurance_type?: PolicyType;
  insurance_coverage?: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  mobile?: string;
  street?: string;
  floor?: string;
  side?: string;
  door?: string;
  zip_code?: string;
  city?: string;
  frame_number?: string;
  number_of_bikes?: number;
  bikes?: string[];
  acknowledgement_privacy?: boolean;
  acknowledgement_data_share?: boolean;
  acknowledgement_ownership_transfer?: boolean;
}

interface DraftState {
  draft: OnboardingDraft;
  update(patch: Partial<OnboardingDraft>): void;
  /** Fills the fields that are still empty. */
  prefill(values: Partial<OnboardingDraft>): void;
  reset(): void;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

export const useOnboardingDraft = create<DraftState>()(
  persist(
    (set) => ({
      draft: {},
      update: (patch) => set((s) => ({ draft: { ...s.draft, ...patch } })),
      prefill: (values) =>
        set((s) => {
          const empty = Object.entries(values).filter(([key, value]) => !isEmpty(value) && isEmpty(s.draft[key as keyof OnboardingDraft]));
          return empty.length === 0 ? s : { draft: { ...s.draft, ...Object.fromEntries(empty) } };
        }),
      reset: () => set({ draft: {} }),
    }),
    { name: 'insurance-onboarding-draft', storage: createJSONStorage(() => localStorage), version: 1 },
  ),
);

/** The first step a draft has not done yet (a later step opened directly sends the owner back there). */
export function firstOpenStep(draft: OnboardingDraft): OnboardingStep {
  if (!draft.insurer_party_id || !draft.acknowledgement_privacy || !draft.acknowledgement_data_share) return 'consent';
  if (!draft.insurance_type || !draft.insurance_coverage) return 'insurance-type';
  if (!draft.insurer_policy_id || draft.number_of_bikes === undefined) return 'insurance-details';
  return 'shipping-info';
}
