import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { FIRST_UNLOCKED_STEPS, type StolenReportDraft, type TheftSection, unlockAfter } from '../../domain/theft';

// The stolen report being written (§3 Stolen report draft, §4 drafts persist locally): one draft that
// remembers its bike, kept in localStorage so it survives a reload and closing the tab. Never the CPR
// number: that is sensitive, so it lives in its own store in sessionStorage (this tab only) and must be
// typed again after the browser was closed. Choosing another bike clears the bike's own fields.

export type DraftFields = Omit<StolenReportDraft, 'cpr_number'>;

/** The fields that describe the chosen bike, cleared when another bike is chosen. */
const BIKE_FIELDS = ['frame_number', 'bike_category', 'is_electric', 'bike_color', 'lock_status', 'battery_location'] as const;

interface DraftState {
  draft: DraftFields;
  /** What was prefilled already, so a field the owner emptied is not filled again. */
  prefilledProfile: boolean;
  prefilledBike: string | null;
  update(patch: Partial<DraftFields>): void;
  chooseBike(bikeId: string): void;
  /** Fills the fields that are still empty; `source` says from where, and is remembered. */
  prefill(source: 'profile' | 'bike', values: Partial<DraftFields>): void;
  unlockNext(section: TheftSection): void;
  reset(): void;
}

const EMPTY: DraftFields = { unlockedSteps: [...FIRST_UNLOCKED_STEPS] };
const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

export const useTheftDraft = create<DraftState>()(
  persist(
    (set) => ({
      draft: EMPTY,
      prefilledProfile: false,
      prefilledBike: null,
      update: (patch) => set((s) => ({ draft: { ...s.draft, ...patch } })),
      chooseBike: (bikeId) =>
        set((s) => {
          if (s.draft.bike_id === bikeId) return s;
          const draft: DraftFields = { ...s.draft, bike_id: bikeId };
          for (const field of BIKE_FIELDS) delete draft[field];
          return { draft, prefilledBike: null };
        }),
      prefill: (source, values) =>
        set((s) => {
          const draft: Record<string, unknown> = { ...s.draft };
          for (const [key, value] of Object.entries(values)) if (isEmpty(draft[key]) && !isEmpty(value)) draft[key] = value;
          return source === 'profile'
            ? { draft: draft as DraftFields, prefilledProfile: true }
            : { draft: draft as DraftFields, prefilledBike: s.draft.bike_id ?? null };
        }),
      unlockNext: (section) => set((s) => ({ draft: { ...s.draft, unlockedSteps: unlockAfter(section, s.draft.unlockedSteps ?? []) } })),
      reset: () => {
        useTheftCpr.getState().setCpr('');
        set({ draft: EMPTY, prefilledProfile: false, prefilledBike: null });
      },
    }),
    { name: 'theft-draft', storage: createJSONStorage(() => localStorage), version: 1 },
  ),
);

interface CprState {
  cpr: string;
  setCpr(cpr: string): void;
}

/** The CPR number typed in the wizard: this tab only (sessionStorage), never localStorage. */
export const useTheftCpr = create<CprState>()(
  persist((set) => ({ cpr: '', setCpr: (cpr) => set({ cpr }) }), {
    name: 'theft-cpr',
    storage: createJSONStorage(() => sessionStorage),
    version: 1,
  }),
);
