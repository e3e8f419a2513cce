import { describe, expect, it } from 'vitest';
import { definitionText } from './flows-json';

describe('definitionText', () => {
  it('writes memo and title first and the end last, at every depth, whatever order the database kept', () => {
    const stored = {
      end: { title: { no: 'Takk', da: 'Tak', en: 'Thanks' } },
      steps: [{ fields: [], title: { en: 'A', da: 'A', no: 'A' }, memo: 's' }],
      memo: 'x',
      extra: 1,
    };
    expect(Object.keys(JSON.parse(definitionText(stored)))).toEqual(['memo', 'steps', 'end', 'extra']);
    expect(definitionText(stored)).toContain('"memo": "s",\n      "title": {\n        "da": "A"');
    expect(Object.keys(JSON.parse(definitionText(stored)).end.title)).toEqual(['da', 'en', 'no']);
  });
});
