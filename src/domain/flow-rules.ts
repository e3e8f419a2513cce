import {
  FLOW_ANSWER_TEXT_MAX_LENGTH,
  FLOW_END,
  type FlowAnswer,
  type FlowAnswers,
  type FlowCondition,
  type FlowDefinition,
  type FlowField,
  type FlowStep,
  flowAddressAnswerSchema,
} from './flows.js';

// The rules of a flow definition's graph and of its conditions (issue 16), shared by the server (checking a
// definition on save, the answers at the end) and the renderer (which field shows, which step comes next).

/** Why a definition is refused: a code the backoffice names in its language, and where (`steps.2.jumps.0.to`). */
export interface FlowDefinitionProblem {
  code:
    | 'duplicate_step_memo'
    | 'duplicate_field_memo'
    | 'missing_jump_target'
    | 'jump_backwards'
    | 'unreachable_step'
    | 'unknown_condition_field'
    | 'condition_on_later_field'
    | 'choice_without_options'
    | 'options_on_non_choice'
    | 'invalid_bounds';
  path: string;
  /** The memo the problem is about. */
  memo: string;
}

/**
 * Checks a definition's graph after its shape (flowDefinitionSchema): every step and field memo unique, every jump
 * target an existing step or `end` and never backwards (so a flow always ends), every step reachable from the first,
 * every condition about a field that comes earlier (a jump's may name its own step's fields), choices with options.
 */
export function checkFlowDefinition(definition: FlowDefinition): FlowDefinitionProblem[] {
  const problems: FlowDefinitionProblem[] = [];
  const stepIndex = new Map<string, number>();
  const fieldPlace = new Map<string, { step: number; field: number }>();
  definition.steps.forEach((step, s) => {
    if (stepIndex.has(step.memo) || step.memo === FLOW_END)
      problems.push({ code: 'duplicate_step_memo', path: `steps.${s}.memo`, memo: step.memo });
    else stepIndex.set(step.memo, s);
    step.fields.forEach((field, f) => {
      if (fieldPlace.has(field.memo))
        problems.push({ code: 'duplicate_field_memo', path: `steps.${s}.fields.${f}.memo`, memo: field.memo });
      else fieldPlace.set(field.memo, { step: s, field: f });
      if (field.kind === 'choice' && !field.options?.length)
        problems.push({ code: 'choice_without_options', path: `steps.${s}.fields.${f}.options`, memo: field.memo });
      if (field.kind !== 'choice' && field.options)
        problems.push({ code: 'options_on_non_choice', path: `steps.${s}.fields.${f}.options`, memo: field.memo });
      if (field.min !== undefined && field.max !== undefined && field.min > field.max)
        problems.push({ code: 'invalid_bounds', path: `steps.${s}.fields.${f}.max`, memo: field.memo });
    });
  });

  const checkCondition = (condition: FlowCondition, path: string, step: number, field: number | null) => {
    const place = fieldPlace.get(condition.field);
    if (!place) return problems.push({ code: 'unknown_condition_field', path: `${path}.field`, memo: condition.field });
    // A field's condition looks at fields before it; a jump's at its own step's fields too.
    const earlier = place.step < step || (place.step === step && (field === null || place.field < field));
    if (!earlier) problems.push({ code: 'condition_on_later_field', path: `${path}.field`, memo: condition.field });
  };

  definition.steps.forEach((step, s) => {
    step.fields.forEach((field, f) => {
      if (field.show_if) checkCondition(field.show_if, `steps.${s}.fields.${f}.show_if`, s, f);
    });
    const targets: Array<{ to: string; path: string }> = (step.jumps ?? []).map((jump, j) => ({
      to: jump.to,
      path: `steps.${s}.jumps.${j}.to`,
    }));
    if (step.next) targets.push({ to: step.next, path: `steps.${s}.next` });
    (step.jumps ?? []).forEach((jump, j) => {
      checkCondition(jump.when, `steps.${s}.jumps.${j}.when`, s, null);
    });
    for (const target of targets) {
      if (target.to === FLOW_END) continue;
      const index = stepIndex.get(target.to);
      if (index === undefined) problems.push({ code: 'missing_jump_target', path: target.path, memo: target.to });
      else if (index <= s) problems.push({ code: 'jump_backwards', path: target.path, memo: target.to });
    }
  });

  const reachable = new Set<number>([0]);
  definition.steps.forEach((step, s) => {
    if (!reachable.has(s)) return; // targets only go forwards, so one pass in order finds them all
    for (const to of successors(definition, step, s)) {
      const index = stepIndex.get(to);
      if (index !== undefined) reachable.add(index);
    }
  });
  definition.steps.forEach((step, s) => {
    if (!reachable.has(s)) problems.push({ code: 'unreachable_step', path: `steps.${s}`, memo: step.memo });
  });
  return problems;
}

/** The steps (or `end`) a step may lead to: its jumps' targets, and its `next` or the following step. */
function successors(definition: FlowDefinition, step: FlowStep, index: number): string[] {
  const targets = (step.jumps ?? []).map((jump) => jump.to);
  targets.push(step.next ?? definition.steps[index + 1]?.memo ?? FLOW_END);
  return targets;
}

const isAnswered = (answer: FlowAnswer | undefined): answer is FlowAnswer =>
  answer !== undefined && answer !== '' && answer !== false && !(Array.isArray(answer) && answer.length === 0);

/** Whether a condition holds for the answers given so far; a condition on an unanswered field holds only for `not_equals`. */
export function conditionHolds(condition: FlowCondition, answers: FlowAnswers): boolean {
  const answer = answers[condition.field];
  if (condition.op === 'answered') return isAnswered(answer);
  if (!isAnswered(answer)) return condition.op === 'not_equals';
  const value = condition.value;
  const has = (v: unknown) => (Array.isArray(answer) ? answer.includes(String(v)) : answer === v || String(answer) === String(v));
  switch (condition.op) {
    case 'equals':
      return has(value);
    case 'not_equals':
      return !has(value);
    case 'in':
      return Array.isArray(value) && value.some(has);
    case 'gt':
    case 'lt': {
      if (typeof answer !== 'number' && typeof answer !== 'string') return false;
      if (typeof value !== 'number' && typeof value !== 'string') return false;
      // Numbers compare as numbers, dates (YYYY-MM-DD) as text, which orders them the same way.
      const [a, b] = typeof answer === 'number' || typeof value === 'number' ? [Number(answer), Number(value)] : [answer, value];
      return condition.op === 'gt' ? a > b : a < b;
    }
  }
}

/** The step after `stepMemo` for these answers: the first jump that holds, else `next`, else the following step or `end`. */
export function nextStepMemo(definition: FlowDefinition, stepMemo: string, answers: FlowAnswers): string {
  const index = definition.steps.findIndex((step) => step.memo === stepMemo);
  const step = definition.steps[index];
  if (!step) return FLOW_END;
  const jump = (step.jumps ?? []).find((j) => conditionHolds(j.when, answers));
  return jump?.to ?? step.next ?? definition.steps[index + 1]?.memo ?? FLOW_END;
}

/** The steps these answers walk through, from the first to the end: the path a submission must have answered. */
export function stepPath(definition: FlowDefinition, answers: FlowAnswers): FlowStep[] {
  const path: FlowStep[] = [];
  let memo = definition.steps[0]?.memo ?? FLOW_END;
  while (memo !== FLOW_END) {
    const step = definition.steps.find((s) => s.memo === memo);
    if (!step || path.includes(step)) break; // a checked definition only goes forwards
    path.push(step);
    memo = nextStepMemo(definition, memo, answers);
  }
  return path;
}

/** Whether a field shows for the answers given so far: always, or when its show_if holds. */
export function fieldShown(field: FlowField, answers: FlowAnswers): boolean {
  return !field.show_if || conditionHolds(field.show_if, answers);
}

/**
 * The answers a submission keeps: those of the fields that show on the steps these answers walk through. An answer
 * left behind on a step the walk no longer passes (a choice changed) or on a field hidden again is dropped, and the
 * walk is taken again until it settles (dropping an answer can change a later jump).
 */
export function answersOnPath(definition: FlowDefinition, answers: FlowAnswers): FlowAnswers {
  let current = answers;
  for (let round = 0; round <= definition.steps.length; round += 1) {
    const kept: FlowAnswers = {};
    for (const step of stepPath(definition, current)) {
      for (const field of step.fields) {
        const answer = current[field.memo];
        if (answer !== undefined && fieldShown(field, kept)) kept[field.memo] = answer;
      }
    }
    if (Object.keys(kept).length === Object.keys(current).length) return kept;
    current = kept;
  }
  return current;
}

/** The codes checkFlowAnswers names a field with (all in ERROR_STATUS). */
export type FlowAnswerProblem = 'field_required' | 'field_invalid' | 'too_long' | 'flow_date_future';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** One answer against its field's kind: null when it fits. An unanswered one (isAnswered false) never comes here. */
function answerProblem(field: FlowField, answer: FlowAnswer, today: string): FlowAnswerProblem | null {
  switch (field.kind) {
    case 'text': {
      if (typeof answer !== 'string') return 'field_invalid';
      return answer.length > (field.max_length ?? FLOW_ANSWER_TEXT_MAX_LENGTH) ? 'too_long' : null;
    }
    case 'number': {
      if (typeof answer !== 'number' || !Number.isFinite(answer)) return 'field_invalid';
      if (field.integer && !Number.isInteger(answer)) return 'field_invalid';
      if ((field.min !== undefined && answer < field.min) || (field.max !== undefined && answer > field.max)) return 'field_invalid';
      return null;
    }
    case 'choice': {
      const values = new Set((field.options ?? []).map((o) => o.value));
      if (field.multiple) {
        if (!Array.isArray(answer) || new Set(answer).size !== answer.length) return 'field_invalid';
        return answer.every((v) => values.has(v)) ? null : 'field_invalid';
      }
      return typeof answer === 'string' && values.has(answer) ? null : 'field_invalid';
    }
    case 'date': {
      if (typeof answer !== 'string' || !isDate(answer)) return 'field_invalid';
      return field.past_only && answer > today ? 'flow_date_future' : null;
    }
    case 'address':
      return flowAddressAnswerSchema.safeParse(answer).success ? null : 'field_invalid';
    case 'consent':
      return answer === true ? null : 'field_invalid';
    case 'bike':
    case 'picture':
      return typeof answer === 'string' && UUID.test(answer) ? null : 'field_invalid';
  }
}

export interface CheckFlowAnswersOptions {
  /**
   * `submit`: the whole walk — every answer on a shown field of a step the answers walk through, every required one
   * there present. `draft`: each answer only of the right kind for an existing field (a draft may be incomplete,
   * and may hold answers of a branch left for now).
   */
  mode: 'submit' | 'draft';
  /** Today as YYYY-MM-DD (past_only dates); defaults to the UTC date. */
  today?: string;
}

/** Checks answers against a definition: field memo → problem, empty when they are fine (§8 422 names each field). */
export function checkFlowAnswers(
  definition: FlowDefinition,
  answers: FlowAnswers,
  options: CheckFlowAnswersOptions,
): Record<string, FlowAnswerProblem> {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const problems: Record<string, FlowAnswerProblem> = {};
  const fields = new Map(definition.steps.flatMap((step) => step.fields.map((field) => [field.memo, field] as const)));
  for (const [memo, answer] of Object.entries(answers)) {
    const field = fields.get(memo);
    if (!field) problems[memo] = 'field_invalid';
    else if (isAnswered(answer)) {
      const problem = answerProblem(field, answer, today);
      if (problem) problems[memo] = problem;
    }
  }
  if (options.mode === 'draft') return problems;
  const walked = new Set<string>();
  for (const step of stepPath(definition, answers)) {
    for (const field of step.fields) {
      if (!fieldShown(field, answers)) continue;
      walked.add(field.memo);
      if (field.required && !isAnswered(answers[field.memo]) && !problems[field.memo]) problems[field.memo] = 'field_required';
    }
  }
  // An answer to a field the walk does not show (another branch, a hidden field) is refused rather than kept unseen.
  for (const memo of Object.keys(answers)) if (!walked.has(memo) && !problems[memo]) problems[memo] = 'field_invalid';
  return problems;
}
