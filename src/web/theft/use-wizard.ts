import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseLanguage } from '../../domain/locale';
import type { StolenReportDraft, TheftRuleContext } from '../../domain/theft';
import { useBike } from '../bikes/bikes-api';
import { useProfile } from '../lib/profile';
import { type DraftFields, useTheftCpr, useTheftDraft } from './draft-store';

export const WIZARD_BASE = '/app/my-bikes/report-stolen';

/**
 * The wizard's state for any of its pages: the persisted draft with the CPR number of this tab, the rule
 * context (does the profile hold a CPR number?), and the prefill from the profile and the chosen bike
 * (§2 issue 6: only empty fields, and only once, so a field the owner emptied stays empty).
 */
export function useWizard() {
  const draft = useTheftDraft((s) => s.draft);
  const update = useTheftDraft((s) => s.update);
  const prefill = useTheftDraft((s) => s.prefill);
  const prefilledProfile = useTheftDraft((s) => s.prefilledProfile);
  const prefilledBike = useTheftDraft((s) => s.prefilledBike);
  const cpr = useTheftCpr((s) => s.cpr);
  const profile = useProfile();
  const bike = useBike(draft.bike_id ?? '');

  useEffect(() => {
    const p = profile.data;
    if (!p || prefilledProfile) return;
    prefill('profile', {
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
    });
  }, [profile.data, prefilledProfile, prefill]);

  useEffect(() => {
    const b = bike.data;
    if (!b || b.id !== draft.bike_id || prefilledBike === b.id) return;
    prefill('bike', {
      frame_number: b.frame_number ?? undefined,
      bike_category: b.category_id ?? undefined,
      bike_color: b.color_id ?? undefined,
      is_electric: b.is_electric,
    });
  }, [bike.data, draft.bike_id, prefilledBike, prefill]);

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
