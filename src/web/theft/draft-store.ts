import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { FIRST_UNLOCKED_STEPS, type StolenReportDraft, type TheftSection, unlockAfter } from '../../domain/theft';
import { SECTION_FIELDS } from './sections';

// The stolen report being written (§3 Stolen report draft, §4 drafts persist locally): one draft that
// remembers its bike, kept in localStorage so it survives a reload and closing the tab. Never the CPR
// number: that is sensitive, so it lives in its own store in sessionStorage (this tab only) and must be
// typed again after the browser was closed. Choosing another bike clears the bike's own fields.
//
// Prefill (§2 issue 6): the profile and the chosen bike fill the fields that are still empty, each field at
// most once (prefilledFields remembers which), so a field the owner emptied stays empty, what the owner typed
// is never replaced, and a value the profile gains later (say, the city) still arrives.

export type DraftFields = Omit<StolenReportDraft, 'cpr_number'>;

/** The fields that describe the chosen bike (its value too), cleared when another bike is chosen. */
const BIKE_FIELDS = [
  'frame_number',
  'bike_category',
  'is_electric',
  'bike_color',
  'lock_status',
  'battery_location',
  'bike_price',
] as const;

interface DraftState {
  draft: DraftFields;
  /** The fields prefilled already, so a field the owner emptied is not filled again. */
  prefilledFields: string[];
  update(patch: Partial<DraftFields>): void;
  chooseBike(bikeId: string): void;
  /** Fills the fields that are still empty and were never prefilled. */
  prefill(values: Partial<DraftFields>): void;
  unlockNext(section: TheftSection): void;
  reset(): void;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** Whether `values` holds something for a field never prefilled (else prefilling would change nothing). */
export function hasNewPrefill(values: Partial<DraftFields>, prefilled: readonly string[]): boolean {
  return Object.entries(values).some(([key, value]) => !isEmpty(value) && !prefilled.includes(key));
}

const EMPTY: DraftFields = { unlockedSteps: [...FIRST_UNLOCKED_STEPS] };

export const useTheftDraft = create<DraftState>()(
  persist(
    (set) => ({
      draft: EMPTY,
      prefilledFields: [],
      update: (patch) => set((s) => ({ draft: { ...s.draft, ...patch } })),
      chooseBike: (bikeId) =>
        set((s) => {
          if (s.draft.bike_id === bikeId) return s;
          const draft: DraftFields = { ...s.draft, bike_id: bikeId };
          for (const field of BIKE_FIELDS) delete draft[field];
          const bikeFields: readonly string[] = BIKE_FIELDS;
          return { draft, prefilledFields: s.prefilledFields.filter((f) => !bikeFields.includes(f)) };
        }),
      prefill: (values) =>
        set((s) => {
          const draft: Record<string, unknown> = { ...s.draft };
          const filled = [...s.prefilledFields];
          for (const [key, value] of Object.entries(values)) {
            if (filled.includes(key) || isEmpty(value)) continue;
            if (isEmpty(draft[key])) draft[key] = value;
            // A field the owner filled first counts as done: emptying it later brings no prefill back.
            filled.push(key);
          }
          return filled.length === s.prefilledFields.length ? s : { draft: draft as DraftFields, prefilledFields: filled };
        }),
      unlockNext: (section) => set((s) => ({ draft: { ...s.draft, unlockedSteps: unlockAfter(section, s.draft.unlockedSteps ?? []) } })),
      reset: () => {
        useTheftCpr.getState().setCpr('');
        set({ draft: EMPTY, prefilledFields: [] });
      },
    }),
    {
      name: 'theft-draft',
      storage: createJSONStorage(() => localStorage),
      version: 2,
      migrate: (persisted, version) => migrateDraft(persisted, version) as DraftState,
    },
  ),
);

/** The fields the profile fills (use-wizard.ts): the personal section's, but the CPR number. */
const PROFILE_FIELDS = SECTION_FIELDS['personal-info'].filter((field) => field !== 'cpr_number');

/**
 * A stored draft of an earlier version. Version 1 remembered only whether the profile and which bike had
 * prefilled: their fields, and every field the draft holds, count as prefilled, so nothing comes back.
 */
function migrateDraft(persisted: unknown, version: number): Pick<DraftState, 'draft' | 'prefilledFields'> {
  const old = (persisted ?? {}) as {
    draft?: DraftFields;
    prefilledFields?: string[];
    prefilledProfile?: boolean;
    prefilledBike?: string | null;
  };
  const draft = old.draft ?? EMPTY;
  if (version >= 2) return { draft, prefilledFields: old.prefilledFields ?? [] };
  const held = Object.entries(draft)
    .filter(([, v]) => !isEmpty(v))
    .map(([k]) => k);
  const fromProfile = old.prefilledProfile ? PROFILE_FIELDS : [];
  const fromBike = old.prefilledBike && old.prefilledBike === draft.bike_id ? BIKE_FIELDS : [];
  return { draft, prefilledFields: [...new Set([...held, ...fromProfile, ...fromBike])] };
}

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
