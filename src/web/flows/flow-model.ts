import { answersOnPath, checkFlowAnswers, fieldShown, stepPath } from '../../domain/flow-rules';
import type { FlowAnswers, FlowDefinition, FlowStep, LocalizedText } from '../../domain/flows';
import type { UiLanguage } from '../../domain/locale';

// What the renderer works out from a definition and the answers typed so far: which answers can be sent, which step
// may be opened, and a step's own problems before moving on.

/** A definition's text in the page's language; Icelandic pages read the Danish (§1). */
export function localized(text: LocalizedText, language: UiLanguage | string | undefined): string {
  return language === 'en' || language === 'no' ? text[language] : text.da;
}

/** The answers as the server takes them: only whole ones of existing fields (an address without its place waits). */
export function sendable(definition: FlowDefinition, answers: Record<string, unknown>): FlowAnswers {
  const given = Object.fromEntries(Object.entries(answers).filter(([, v]) => v !== undefined && v !== '' && v !== null)) as FlowAnswers;
  const problems = checkFlowAnswers(definition, given, { mode: 'draft' });
  return Object.fromEntries(Object.entries(given).filter(([memo]) => !problems[memo]));
}

/** The problems of one step's shown fields (field memo → error code), checked as the server will at the end. */
export function stepProblems(definition: FlowDefinition, step: FlowStep, answers: Record<string, unknown>): Record<string, string> {
  const given = Object.fromEntries(Object.entries(answers).filter(([, v]) => v !== undefined && v !== null)) as FlowAnswers;
  const draft = checkFlowAnswers(definition, given, { mode: 'draft' });
  const problems: Record<string, string> = {};
  for (const field of step.fields) {
    if (!fieldShown(field, given)) continue;
    const answer = answers[field.memo];
    if (draft[field.memo])
      problems[field.memo] = field.kind === 'address' ? addressProblem(answer) : (draft[field.memo] ?? 'field_invalid');
    else if (field.required && !isGiven(answer)) problems[field.memo] = 'field_required';
  }
  return problems;
}

/** What an address still lacks: its text, or its place on the map. */
function addressProblem(answer: unknown): string {
  const address = (answer ?? {}) as { label?: unknown; latitude?: unknown };
  if (typeof address.label !== 'string' || address.label.trim() === '') return 'field_required';
  return typeof address.latitude === 'number' ? 'field_invalid' : 'flow_address_place';
}

function isGiven(answer: unknown): boolean {
  return answer !== undefined && answer !== null && answer !== '' && answer !== false && !(Array.isArray(answer) && answer.length === 0);
}

/**
 * The step to show for a requested one: itself when it is on the walk the answers take and every step before it is
 * complete; otherwise the first step of that walk that is not (a later step opened directly, or a link into a branch
 * the answers do not take).
 */
export function allowedStep(definition: FlowDefinition, answers: Record<string, unknown>, requested: string | undefined): FlowStep {
  const path = stepPath(definition, sendable(definition, answers));
  const first = path[0] ?? definition.steps[0];
  if (!first) throw new Error('a flow without steps');
  for (const step of path) {
    if (step.memo === requested) return step;
    if (Object.keys(stepProblems(definition, step, answers)).length > 0) return step;
  }
  return requested === undefined ? first : (path.at(-1) ?? first);
}

/** The step before this one on the walk the answers take, or null on the first. */
export function previousStep(definition: FlowDefinition, answers: Record<string, unknown>, memo: string): FlowStep | null {
  const path = stepPath(definition, sendable(definition, answers));
  const index = path.findIndex((s) => s.memo === memo);
  return index > 0 ? (path[index - 1] ?? null) : null;
}

/** What a submission sends: whole answers of the fields the walk shows. */
export function submission(definition: FlowDefinition, answers: Record<string, unknown>): FlowAnswers {
  return answersOnPath(definition, sendable(definition, answers));
}
