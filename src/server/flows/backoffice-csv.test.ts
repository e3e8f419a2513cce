import { describe, expect, it } from 'vitest';
import { answerCell, csvCell, csvText, resultCell } from './backoffice-csv.js';

describe('csvCell', () => {
  it('quotes what must be quoted and doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('')).toBe('');
  });

  it('guards cells a spreadsheet would run as a formula, but keeps plain negative numbers', () => {
    for (const cell of ['=1+1', '+45 12', '-cmd', '@SUM(A1)', '\tx', '\rx']) expect(csvCell(cell).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('-3')).toBe('-3');
    expect(csvCell('-2.5')).toBe('-2.5');
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('csvText', () => {
  it('starts with a byte order mark and ends every row with CRLF', () => {
    expect(
      csvText([
        ['a', 'b'],
        ['1', 'x,y'],
      ]),
    ).toBe('\uFEFFa,b\r\n1,"x,y"\r\n');
  });
});

describe('answerCell and resultCell', () => {
  it('writes choices, addresses, numbers and consents as one cell', () => {
    expect(answerCell(['a', 'b'])).toBe('a;b');
    expect(answerCell({ label: 'Vej 1', latitude: 55.1, longitude: 12.2 })).toBe('Vej 1 (55.1, 12.2)');
    expect(answerCell(4.5)).toBe('4.5');
    expect(answerCell(true)).toBe('true');
    expect(answerCell(undefined)).toBe('');
  });

  it("writes a result's lines as label: value", () => {
    expect(
      resultCell({
        lines: [
          { label: 'Km', value: '24' },
          { label: 'Fradrag', value: '1.000 kr.' },
        ],
      }),
    ).toBe('Km: 24; Fradrag: 1.000 kr.');
    expect(resultCell(null)).toBe('');
  });
});
