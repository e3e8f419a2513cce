import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// design.md: the web imports domain, the server imports domain, and neither imports the other;
// domain is pure (no I/O), so it imports neither and no Node module. Inside the web and the server, a
// folder is an area of the product or a lower layer; an area imports the layers and only the areas it
// declares below, and no two folders import each other, however indirectly.
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

/**
 * The lower layers every area may import (each layer only those before it), and the areas each area
 * declares. A new area, or a new dependency between areas, is added here on purpose.
 */
const WEB = {
  entry: ['main.tsx', 'vite-env.d.ts'],
  shell: 'app',
  layers: { types: [], lib: [], ui: ['lib'], i18n: [] } as Record<string, string[]>,
  areas: {
    about: [],
    account: ['organisations', 'verification', 'bikes', 'consent', 'docks'],
    backoffice: ['register', 'bikes', 'maps', 'chats', 'flows', 'docks'],
    bikes: ['verification'],
    chats: ['ownership', 'maps', 'search'],
    consent: [],
    dev: [],
    distributors: ['maps'],
    docks: ['chats', 'theft', 'maps'],
    events: ['consent'],
    flows: ['maps', 'public', 'bikes'],
    identity: [],
    insurance: ['public', 'bikes'],
    legal: [],
    'insurance-signup': ['webshop'],
    maps: [],
    'my-bikes': ['bikes', 'ownership', 'theft', 'verification', 'insurance'],
    newsletter: [],
    organisations: [],
    ownership: ['bikes', 'search', 'verification'],
    public: ['webshop', 'stolen-map'],
    pwa: [],
    register: ['bikes'],
    search: [],
    stickers: ['search', 'identity'],
    'stolen-map': ['maps', 'search'],
    support: ['chats'],
    surveys: ['flows', 'public'],
    theft: ['ownership', 'verification', 'bikes', 'maps'],
    verification: [],
    webshop: ['bikes'],
  } as Record<string, string[]>,
};

const SERVER = {
  entry: ['app.ts', 'main.ts'],
  layers: {
    db: [],
    i18n: [],
    's3-config.ts': [],
    'config.ts': ['s3-config.ts'],
    adapters: ['db', 'i18n', 'config.ts', 's3-config.ts'],
    'context.ts': ['adapters', 'db', 'config.ts'],
    http: ['db', 'i18n', 'context.ts', 'config.ts'],
    pdf: [],
    shared: ['db', 'http', 'i18n', 'context.ts', 'config.ts'],
  } as Record<string, string[]>,
  areas: {
    backoffice: ['ownership', 'identity', 'chats', 'webshop'],
    bikes: ['plates', 'webshop', 'documents', 'equipment', 'pictures'],
    chats: ['pictures'],
    dev: [],
    docks: ['theft', 'ownership'],
    documents: ['pictures'],
    equipment: ['documents', 'pictures'],
    events: [],
    distributors: [],
    figures: [],
    flows: ['surveys'],
    gbfs: [],
    identity: ['bikes', 'chats', 'newsletter'],
    insurance: ['theft', 'ownership'],
    organisations: ['identity'],
    newsletter: [],
    ownership: ['plates', 'pictures', 'search', 'chats', 'documents'],
    pictures: [],
    plates: [],
    search: [],
    seed: ['identity', 'plates', 'webshop', 'documents', 'pictures', 'distributors', 'flows', 'docks'],
    'stolen-map': [],
    support: ['chats'],
    surveys: [],
    theft: ['bikes', 'ownership'],
    verification: ['identity'],
    webshop: ['plates'],
  } as Record<string, string[]>,
};

/** Tests and test factories may reach into any area to set up their data; the rules are for shipped code. */
const isTestCode = (file: string) => /\.test\.tsx?$|test-factory\.ts$/.test(file);

/** The folder (or root file) of src/<side> a file is in, and the one a relative specifier of it reaches. */
function folderEdges(side: 'web' | 'server'): Edge[] {
  const root = path.join(src, side);
  return sourceFiles(root)
    .filter((file) => !isTestCode(file))
    .flatMap((file) => {
      const from = path.relative(root, file).split(path.sep)[0] ?? '';
      return importSpecifiers(readFileSync(file, 'utf8'))
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => {
          const target = path.relative(root, path.resolve(path.dirname(file), specifier));
          // Outside src/<side>: the shared domain and catalogs (src/domain, src/i18n), checked by the tests above.
          // A root file is named by its source (context.ts), whether the specifier says .js or nothing.
          const first = (target.split(path.sep)[0] ?? '').replace(/\.js$/, '.ts');
          const to = target.startsWith('..') ? `../${target.split(path.sep)[1]}` : first;
          return { from, to, where: `${path.relative(src, file)} imports ${specifier}` };
        })
        .filter((edge) => edge.from !== edge.to);
    });
}

type Edge = { from: string; to: string; where: string };
type Rules = { entry: string[]; shell?: string; layers: Record<string, string[]>; areas: Record<string, string[]> };

function undeclared(edges: Edge[], rules: Rules): Edge[] {
  const layerNames = Object.keys(rules.layers);
  return edges.filter(({ from, to }) => {
    if (to.startsWith('../') || rules.entry.includes(from) || from === rules.shell) return false;
    const allowed = rules.layers[from] ?? (rules.areas[from] ? [...layerNames, ...(rules.areas[from] ?? [])] : undefined);
    return allowed === undefined || !allowed.includes(to);
  });
}

/** Every cycle between folders, as "a → b → a". */
function cycles(edges: Edge[]): string[] {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of edges) graph.set(from, (graph.get(from) ?? new Set()).add(to));
  const found: string[] = [];
  const visit = (node: string, trail: string[]) => {
    for (const next of graph.get(node) ?? []) {
      const at = trail.indexOf(next);
      if (at >= 0) found.push([...trail.slice(at), next].join(' → '));
      else if (trail.length < graph.size) visit(next, [...trail, next]);
    }
  };
  for (const start of graph.keys()) visit(start, [start]);
  return [...new Set(found)];
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

  it('no two folders of the web or the server import each other, however indirectly', () => {
    expect(cycles(folderEdges('web'))).toEqual([]);
    expect(cycles(folderEdges('server'))).toEqual([]);
  });

  it('a web area imports lib, ui and the areas it declares; lib and ui import no area', () => {
    expect(undeclared(folderEdges('web'), WEB).map((edge) => edge.where)).toEqual([]);
  });

  it('nothing imports the web shell (web/app) but the entry', () => {
    const found = folderEdges('web').filter((edge) => edge.to === WEB.shell && !WEB.entry.includes(edge.from));
    expect(found.map((edge) => edge.where)).toEqual([]);
  });

  it('a server area imports the lower layers and the areas it declares; the layers import no area', () => {
    expect(undeclared(folderEdges('server'), SERVER).map((edge) => edge.where)).toEqual([]);
  });

  it('every folder of the web and the server is declared as a layer or an area', () => {
    for (const [side, rules] of [
      ['web', WEB],
      ['server', SERVER],
    ] as const) {
      // static/ holds files served as they are (Vite's publicDir), not modules.
      const declared = new Set([
        'static',
        ...rules.entry,
        ...Object.keys(rules.layers),
        ...Object.keys(rules.areas),
        ...('shell' in rules ? [rules.shell] : []),
      ]);
      const folders = readdirSync(path.join(src, side), { withFileTypes: true })
        .filter((entry) =>
          entry.isDirectory()
            ? sourceFiles(path.join(src, side, entry.name)).some((f) => !isTestCode(f))
            : /\.tsx?$/.test(entry.name) && !isTestCode(entry.name),
        )
        .map((entry) => entry.name);
      expect(folders.filter((folder) => !declared.has(folder))).toEqual([]);
    }
  });

  it('finds a cycle, an undeclared area and a layer reaching up, when there is one', () => {
    const edge = (from: string, to: string) => ({ from, to, where: `${from} imports ${to}` });
    expect(cycles([edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('c', 'lib')])).toContain('a → b → c → a');
    expect(cycles([edge('a', 'b'), edge('a', 'lib'), edge('b', 'lib')])).toEqual([]);
    const rules: Rules = { entry: ['main.tsx'], shell: 'app', layers: { lib: [], ui: ['lib'] }, areas: { a: ['b'], b: [] } };
    const edges = [
      edge('a', 'b'),
      edge('a', 'ui'),
      edge('b', 'a'),
      edge('lib', 'ui'),
      edge('ui', 'a'),
      edge('app', 'a'),
      edge('main.tsx', 'app'),
      edge('c', 'lib'),
    ];
    expect(undeclared(edges, rules).map((e) => e.where)).toEqual(['b imports a', 'lib imports ui', 'ui imports a', 'c imports lib']);
  });
});
