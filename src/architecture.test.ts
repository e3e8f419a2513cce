import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// design.md: the web imports domain, the server imports domain, and neither imports the other;
// domain is pure (no I/O), so it imports neither and no Node module.
const src = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** Specifiers of static imports and re-exports, side-effect imports and dynamic import() calls. */
function importSpecifiers(code: string): string[] {
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1] ?? ''));
}

/** Which top-level folder of src a specifier reaches, for relative specifiers; null for packages. */
function area(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const relative = path.relative(src, path.resolve(path.dirname(file), specifier));
  return relative.startsWith('..') ? 'outside' : (relative.split(path.sep)[0] ?? null);
}

function violations(folder: string, check: (file: string, specifier: string) => boolean): string[] {
  return sourceFiles(path.join(src, folder)).flatMap((file) =>
    importSpecifiers(readFileSync(file, 'utf8'))
      .filter((specifier) => check(file, specifier))
      .map((specifier) => `${path.relative(src, file)} imports ${specifier}`),
  );
}

const nodeModules = new Set(builtinModules);
const isNodeModule = (specifier: string) => specifier.startsWith('node:') || nodeModules.has(specifier.split('/')[0] ?? '');

describe('architecture', () => {
  it('finds the import forms it checks', () => {
    const code = `import a from './a';\nimport { b,\n c } from "../b";\nexport * from './c';\nimport './d.css';\nconst e = await import('./e');\nimport type { F } from './f';`;
    expect(importSpecifiers(code).sort()).toEqual(['../b', './a', './c', './d.css', './e', './f']);
  });

  it('the web never imports the server', () => {
    expect(violations('web', (file, specifier) => area(file, specifier) === 'server')).toEqual([]);
  });

  it('the server never imports the web', () => {
    expect(violations('server', (file, specifier) => area(file, specifier) === 'web')).toEqual([]);
  });

  it('domain imports neither web nor server, and no Node module', () => {
    const found = violations('domain', (file, specifier) => {
      const reached = area(file, specifier);
      // Tests of domain rules run in Node and may use it; the rules themselves may not.
      const shipped = !/\.test\.tsx?$/.test(file);
      return reached === 'web' || reached === 'server' || reached === 'outside' || (shipped && isNodeModule(specifier));
    });
    expect(found).toEqual([]);
  });
});
