import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// No text promises a feature the product does not have ("plates can soon be ordered here"): a visitor
// cannot tell when "soon" is, and the promise outlives the plan. Say what works today, or nothing.
// The patterns name promises, not every later: "you can add it later" (the user's own later) is fine.
const root = path.dirname(fileURLToPath(import.meta.url));

const PROMISES: Record<string, RegExp[]> = {
  en: [
    /\bsoon\b/i,
    /\bcoming\b/i,
    /\bupcoming\b/i,
    /\bin (a|the) (later|future|next) (version|release|update)\b/i,
    /\b(will|shall) (soon )?be (able|possible|available)\b/i,
    /\bnot (yet )?available yet\b/i,
    /\bwe are working on\b/i,
  ],
  da: [
    /\bsnart\b/i,
    /\bpå sigt\b/i,
    /\bkommende\b/i,
    /\bi en (senere|fremtidig|kommende|næste) (version|udgave|opdatering)\b/i,
    /\bvi arbejder på\b/i,
    /\bbliver (snart )?muligt\b/i,
  ],
  no: [
    /\bsnart\b/i,
    /\bpå sikt\b/i,
    /\better hvert\b/i,
    /\bkommende\b/i,
    /\bi en (senere|fremtidig|kommende|neste) (versjon|utgave|oppdatering)\b/i,
    /\bvi jobber med\b/i,
    /\bblir (snart )?mulig\b/i,
  ],
  is: [/\bbráðum\b/i, /\bvæntanleg/i, /\bá næstunni\b/i],
};

function leaves(value: unknown, prefix: string): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => leaves(v, prefix ? `${prefix}.${key}` : key));
}

function promisesIn(language: string): string[] {
  const patterns = PROMISES[language] ?? [];
  return readdirSync(path.join(root, language))
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => {
      const catalog = JSON.parse(readFileSync(path.join(root, language, file), 'utf8')) as unknown;
      return leaves(catalog, file.replace(/\.json$/, ''))
        .filter(([, text]) => patterns.some((pattern) => pattern.test(text)))
        .map(([key, text]) => `${language}/${key}: ${text}`);
    });
}

describe('no text promises a later feature', () => {
  it('has patterns for every language with catalogs', () => {
    const languages = readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(Object.keys(PROMISES).sort()).toEqual(languages);
  });

  it.each(Object.keys(PROMISES))('%s: no "soon", "coming", "in a later version"…', (language) => {
    expect(promisesIn(language)).toEqual([]);
  });

  it('the patterns catch the phrasings they are for', () => {
    const caught = (language: string, text: string) => PROMISES[language]?.some((p) => p.test(text));
    expect(caught('en', 'You will soon be able to order plates here.')).toBe(true);
    expect(caught('da', 'Du kan snart bestille plader her.')).toBe(true);
    expect(caught('no', 'Du kan snart bestille skilt her.')).toBe(true);
    expect(caught('en', 'Bikes waiting for me (incoming)')).toBe(false);
    expect(caught('en', 'I have not received my plate yet – I will add it later')).toBe(false);
    expect(caught('da', 'Du kan fjerne blokeringen senere.')).toBe(false);
  });
});
