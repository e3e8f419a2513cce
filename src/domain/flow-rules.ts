import { FLOW_END, type FlowAnswer, type FlowAnswers, type FlowCondition, type FlowDefinition, type FlowStep } from './flows.js';

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
