import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The catalogs stay complete: da, en and no have the same keys in every namespace (the web's and the
// server's: errors, mail, pdf), no empty texts, the same {{placeholders}}, and the partial Icelandic
// catalog only translates keys Danish has, with Danish's placeholders. A text with a {single} brace is
// the old server template form, which i18next would print as it stands.
const root = path.dirname(fileURLToPath(import.meta.url));
const FULL = ['da', 'en', 'no'] as const;
const PARTIAL = ['is'] as const;

type Catalog = { [key: string]: string | Catalog };

function namespaces(language: string): string[] {
  return readdirSync(path.join(root, language))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.replace(/\.json$/, ''))
    .sort();
}

function load(language: string, namespace: string): Catalog {
  return JSON.parse(readFileSync(path.join(root, language, `${namespace}.json`), 'utf8'));
}

/** Every leaf as dotted key → text; a leaf that is not a string is reported as such. */
function flatten(catalog: Catalog, prefix = ''): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  for (const [key, value] of Object.entries(catalog)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of flatten(value, name)) leaves.set(k, v);
    } else {
      leaves.set(name, value);
    }
  }
  return leaves;
}

function placeholders(text: unknown): string[] {
  return typeof text === 'string' ? [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1] ?? '').sort() : [];
}

const daNamespaces = namespaces('da');

describe('i18n catalogs', () => {
  it('has Danish namespaces to check', () => {
    expect(daNamespaces).toContain('common');
  });

  it.each([...FULL, ...PARTIAL])('%s has no namespace that Danish lacks', (language) => {
    expect(namespaces(language).filter((ns) => !daNamespaces.includes(ns))).toEqual([]);
  });

  describe.each(daNamespaces)('namespace %s', (namespace) => {
    const da = flatten(load('da', namespace));

    it.each(FULL)('%s has exactly the Danish keys, all non-empty texts', (language) => {
      const catalog = flatten(load(language, namespace));
      expect([...catalog.keys()].sort()).toEqual([...da.keys()].sort());
      const notText = [...catalog].filter(([, text]) => typeof text !== 'string' || text.trim() === '').map(([key]) => key);
      expect(notText).toEqual([]);
    });

    it.each(FULL)('%s uses the same placeholders as Danish', (language) => {
      const catalog = flatten(load(language, namespace));
      const differing = [...da].filter(([key, text]) => placeholders(catalog.get(key)).join() !== placeholders(text).join());
      expect(differing.map(([key]) => key)).toEqual([]);
    });

    it.each(PARTIAL)('%s (partial) only has keys Danish has, with non-empty texts and its placeholders', (language) => {
      if (!namespaces(language).includes(namespace)) return;
      const catalog = flatten(load(language, namespace));
      expect([...catalog.keys()].filter((key) => !da.has(key))).toEqual([]);
      expect([...catalog].filter(([, text]) => typeof text !== 'string' || text.trim() === '').map(([key]) => key)).toEqual([]);
      const differing = [...catalog].filter(([key, text]) => placeholders(text).join() !== placeholders(da.get(key)).join());
      expect(differing.map(([key]) => key)).toEqual([]);
    });

    it.each([...FULL, ...PARTIAL])('%s has no {single-brace} placeholders', (language) => {
      if (!namespaces(language).includes(namespace)) return;
      const single = [...flatten(load(language, namespace))].filter(
        ([, text]) => typeof text === 'string' && /(^|[^{])\{\s*\w+\s*\}(?!\})/.test(text),
      );
      expect(single.map(([key]) => key)).toEqual([]);
    });
  });
});
