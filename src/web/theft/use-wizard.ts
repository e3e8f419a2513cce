import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseLanguage } from '../../domain/locale';
import type { StolenReportDraft, TheftRuleContext } from '../../domain/theft';
import { useBike } from '../bikes/bikes-api';
import { useProfile } from '../lib/profile';
import { type DraftFields, hasNewPrefill, useTheftCpr, useTheftDraft } from './draft-store';

export const WIZARD_BASE = '/app/my-bikes/report-stolen';

/**
 * The wizard's state for any of its pages: the persisted draft with the CPR number of this tab, the rule
 * context (does the profile hold a CPR number?), and the prefill from the profile (name, contact, address)
 * and the chosen bike (its details and purchase price): only empty fields, each at most once, so a field the
 * owner emptied stays empty (draft-store.ts).
 */
export function useWizard() {
  const draft = useTheftDraft((s) => s.draft);
  const update = useTheftDraft((s) => s.update);
  const prefill = useTheftDraft((s) => s.prefill);
  const prefilled = useTheftDraft((s) => s.prefilledFields);
  const cpr = useTheftCpr((s) => s.cpr);
  const profile = useProfile();
  const bike = useBike(draft.bike_id ?? '');

  const fromProfile = useMemo(() => {
    const p = profile.data;
    if (!p) return null;
    return {
      first_name: p.first_name ?? undefined,
      last_name: p.last_name ?? undefined,
      email: p.email,
      street_address: p.street ?? undefined,
      city: p.city ?? undefined,
      zip_code: p.zip_code ?? undefined,
      mobile: p.mobile ?? undefined,
      telephone: p.phone ?? undefined,
      floor: p.floor ?? undefined,
      side: p.side ?? undefined,
      door: p.door ?? undefined,
    };
  }, [profile.data]);
  const fromBike = useMemo(() => {
    const b = bike.data;
    if (!b || b.id !== draft.bike_id) return null;
    return {
      frame_number: b.frame_number ?? undefined,
      bike_category: b.category_id ?? undefined,
      bike_color: b.color_id ?? undefined,
      is_electric: b.is_electric,
      // The purchase price, as the bike's value until the owner says otherwise.
      bike_price: b.normal_price_dkk ?? undefined,
    };
  }, [bike.data, draft.bike_id]);
  // Runs again when the draft starts over or another bike is chosen (prefilled is emptied then).
  useEffect(() => {
    for (const values of [fromProfile, fromBike]) if (values && hasNewPrefill(values, prefilled)) prefill(values);
  }, [fromProfile, fromBike, prefilled, prefill]);

  const language = normaliseLanguage(useTranslation().i18n.resolvedLanguage);
  const ctx: TheftRuleContext = useMemo(
    () => ({ profileHasCpr: Boolean(profile.data?.cpr_number), language }),
    [profile.data?.cpr_number, language],
  );
  const full: StolenReportDraft = useMemo(() => ({ ...draft, cpr_number: cpr }), [draft, cpr]);
  return { draft: full, update: update as (patch: Partial<DraftFields>) => void, ctx, profile, bike };
}

/** Now as a datetime-local value (local time, minutes), the `max` of the time fields. */
export function localNow(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
}
