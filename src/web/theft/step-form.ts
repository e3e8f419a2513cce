import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type StolenReportDraft, sectionProblems, type TheftProblem, type TheftSection } from '../../domain/theft';
import { useTheftCpr } from './draft-store';
import type { useWizard } from './use-wizard';

export type Field = keyof StolenReportDraft;

export interface StepForm {
  section: TheftSection;
  draft: StolenReportDraft;
  value(field: Field): unknown;
  set(field: Field, value: unknown): void;
  /** The field's error text, once the owner has left the field or tried to go on. */
  error(field: Field): string | undefined;
  touch(field: Field): void;
  problems: TheftProblem[];
  /** Marks every field; true when the section is complete. */
  attempt(): boolean;
}

/** One section's fields over the draft, checked by the shared rules (domain/theft.ts sectionProblems). */
export function useStepForm(section: TheftSection, wizard: ReturnType<typeof useWizard>): StepForm {
  const { t } = useTranslation();
  const { draft, update, ctx } = wizard;
  const setCpr = useTheftCpr((s) => s.setCpr);
  const [touched, setTouched] = useState<Set<Field>>(() => new Set());
  const [attempted, setAttempted] = useState(false);
  const problems = useMemo(() => sectionProblems(section, draft, ctx), [section, draft, ctx]);

  const set = useCallback(
    (field: Field, value: unknown) => {
      // The CPR number never goes into the persisted draft (see draft-store.ts).
      if (field === 'cpr_number') setCpr(String(value ?? ''));
      else update({ [field]: value });
    },
    [update, setCpr],
  );
  const touch = useCallback((field: Field) => setTouched((s) => (s.has(field) ? s : new Set(s).add(field))), []);

  return {
    section,
    draft,
    value: (field) => draft[field],
    set,
    error: (field) => {
      if (!attempted && !touched.has(field)) return undefined;
      const problem = problems.find((p) => p.field === field);
      return problem ? t(`errors:${problem.code}`) : undefined;
    },
    touch,
    problems,
    attempt: () => {
      setAttempted(true);
      return problems.length === 0;
    },
  };
}
