import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Database, openPglite, openPostgres } from '../db/client.js';

/**
 * The database a command line tool works on: DATABASE_URL, else the embedded one in DATA_DIR (which a
 * running server must not be holding: PGlite's lock file refuses a second process). Answers an error
 * text instead of throwing, for the command to print.
 */
export async function openCommandDatabase(env: NodeJS.ProcessEnv): Promise<Database | string> {
  const pgliteDir = path.join(path.resolve(env.DATA_DIR || './data'), 'pglite');
  if (!env.DATABASE_URL && !existsSync(pgliteDir)) {
    return `There is no database in ${path.dirname(pgliteDir)}: start the server once, or set DATA_DIR or DATABASE_URL.`;
  }
  try {
    return env.DATABASE_URL ? await openPostgres(env.DATABASE_URL, { poolSize: 1 }) : await openPglite(pgliteDir);
  } catch (err) {
    return `Cannot open the database: ${err instanceof Error ? err.message : String(err)}`;
  }
}

/** `--name value` options and bare flags of a command line; unknown names are the caller's to refuse. */
export function parseOptions(args: string[]): { options: Map<string, string | true>; rest: string[] } {
  const options = new Map<string, string | true>();
  const rest: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (!arg.startsWith('--')) {
      rest.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const next = args[i + 1];
    if (inline !== undefined) options.set(name, inline);
    else if (next !== undefined && !next.startsWith('--')) {
      options.set(name, next);
      i += 1;
    } else options.set(name, true);
  }
  return { options, rest };
}
