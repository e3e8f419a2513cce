// The definition's JSON as the backoffice's editor shows it (issue 16).

/** The order keys are written in: the database keeps JSON with its keys sorted its own way, staff read it in this one. */
const KEY_ORDER = [
  'memo',
  'value',
  'kind',
  'title',
  'label',
  'description',
  'intro',
  'help',
  'audience',
  'required',
  'multiple',
  'options',
  'min',
  'max',
  'integer',
  'unit',
  'multiline',
  'max_length',
  'past_only',
  'show_if',
  'field',
  'op',
  'fields',
  'jumps',
  'when',
  'to',
  'next',
  'steps',
  'end',
  'body',
  'result',
  'da',
  'en',
  'no',
];

function ordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(ordered);
  if (value === null || typeof value !== 'object') return value;
  const rank = (key: string) => {
    const index = KEY_ORDER.indexOf(key);
    return index === -1 ? KEY_ORDER.length : index;
  };
  const keys = Object.keys(value).sort((a, b) => rank(a) - rank(b));
  return Object.fromEntries(keys.map((key) => [key, ordered((value as Record<string, unknown>)[key])]));
}

/** A definition as the editor shows it: indented, its keys in reading order (memo and title first, the end last). */
export function definitionText(definition: unknown): string {
  return JSON.stringify(ordered(definition), null, 2);
}
