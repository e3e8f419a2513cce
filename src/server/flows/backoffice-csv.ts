import type { FlowDefinition } from '../../domain/flows.js';

// The answers of a flow as CSV (issue 16): RFC 4180 (fields quoted when they hold a comma, a quote or a line break,
// quotes doubled, lines ended by CRLF), a UTF-8 byte order mark so that Excel reads the letters right, and every cell
// that a spreadsheet would take for a formula (= + - @, a tab or a carriage return first) prefixed with a quote.

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/** One cell, guarded against formulas (a plain negative number stays a number) and quoted when it must be. */
export function csvCell(value: string): string {
  const guarded = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** The whole file: the byte order mark, then each row's cells joined by commas, each row ended by CRLF. */
export function csvText(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('')}`;
}

/** An answer as one cell: several choices joined with ';', an address as its label and coordinates. */
export function answerCell(answer: unknown): string {
  if (answer === undefined || answer === null) return '';
  if (Array.isArray(answer)) return answer.map(String).join(';');
  if (typeof answer === 'object') {
    const a = answer as { label?: unknown; latitude?: unknown; longitude?: unknown };
    return `${String(a.label ?? '')} (${String(a.latitude ?? '')}, ${String(a.longitude ?? '')})`;
  }
  return String(answer);
}

/** The result's key lines as one cell: `label: value` joined with '; ' (what the flow's end computed). */
export function resultCell(result: unknown): string {
  if (!result || typeof result !== 'object') return '';
  const lines = (result as { lines?: unknown }).lines;
  if (!Array.isArray(lines)) return '';
  return lines
    .filter((l): l is { label: unknown; value: unknown } => typeof l === 'object' && l !== null)
    .map((l) => `${String(l.label)}: ${String(l.value)}`)
    .join('; ');
}

/** Every field memo of these definitions, in the order they first appear, oldest version first. */
export function fieldMemos(definitions: readonly FlowDefinition[]): string[] {
  const memos = new Set<string>();
  for (const definition of definitions) for (const step of definition.steps) for (const field of step.fields) memos.add(field.memo);
  return [...memos];
}

export interface CsvResponse {
  submittedAt: string;
  version: number;
  language: string;
  signedIn: boolean;
  answers: Record<string, unknown>;
  result: unknown;
}

/** The rows of the export: a header, then one row per response; never who answered, only whether they were signed in. */
export function responsesCsv(definitions: readonly FlowDefinition[], responses: readonly CsvResponse[]): string {
  const memos = fieldMemos(definitions);
  const header = ['submitted_at', 'version', 'language', 'respondent', ...memos, 'result'];
  const rows = responses.map((r) => [
    r.submittedAt,
    String(r.version),
    r.language,
    r.signedIn ? 'signed_in' : 'visitor',
    ...memos.map((memo) => answerCell(r.answers[memo])),
    resultCell(r.result),
  ]);
  return csvText([header, ...rows]);
}
