import { describe, expect, it } from 'vitest';
import da from '../../i18n/da/help.json' with { type: 'json' };
import { anchorOf, HELP_TOPICS, matchesQuery } from './help-topics';

describe('the help centre', () => {
  it('matches every word of the query, in any order and case, ignoring accents', () => {
    const text = 'Min cykel er blevet stjålet. Meld den stjålet fra Mine cykler.';
    expect(matchesQuery(text, '')).toBe(true);
    expect(matchesQuery(text, '   ')).toBe(true);
    expect(matchesQuery(text, 'STJÅLET')).toBe(true);
    expect(matchesQuery(text, 'stjalet cykel')).toBe(true);
    expect(matchesQuery(text, 'cykler  meld')).toBe(true);
    expect(matchesQuery(text, 'stjålet plade')).toBe(false);
  });

  it('gives each question an anchor for the address, unique across the page and apart from the topics', () => {
    expect(anchorOf('frameNumber')).toBe('frame-number');
    expect(anchorOf('stolen')).toBe('stolen');
    const anchors = HELP_TOPICS.flatMap((topic) => topic.questions.map((q) => anchorOf(q.id)));
    expect(new Set(anchors).size).toBe(anchors.length);
    expect(anchors).toEqual(expect.arrayContaining(['register', 'stolen', 'found', 'selling', 'insurance', 'delete']));
  });

  it('has a question, an answer and, where it links, a link text for every question; and no text without a question', () => {
    const questions = da.questions as Record<string, Record<string, string>>;
    const listed = HELP_TOPICS.flatMap((topic) => topic.questions);
    expect(Object.keys(questions).sort()).toEqual(listed.map((q) => q.id).sort());
    for (const { id, to } of listed) {
      expect(questions[id]?.q, id).toBeTruthy();
      expect(questions[id]?.a, id).toBeTruthy();
      expect(Boolean(questions[id]?.link), id).toBe(Boolean(to));
    }
    expect(Object.keys(da.sections).sort()).toEqual(HELP_TOPICS.map((topic) => topic.id).sort());
  });
});
