import { existsSync } from 'node:fs';
import path from 'node:path';
import { IDENTITY_ROLES, type IdentityRole } from '../../domain/roles.js';
import { type Database, openPglite, openPostgres } from '../db/client.js';
import { AppError } from '../http/errors.js';
import { setRole } from './roles.js';

export const ROLE_USAGE = `Usage: npm run role -- <email> <role>
  role: ${IDENTITY_ROLES.join(', ')}
Uses DATABASE_URL when set, else the embedded database in DATA_DIR (default ./data), which must not be
in use by a running server.`;

function isRole(value: string | undefined): value is IdentityRole {
  return (IDENTITY_ROLES as readonly string[]).includes(value ?? '');
}

/**
 * `npm run role -- <email> <role>`: sets a person's role from the command line and writes it to the
 * audit log (actor null: the command line). Answers the exit code; writes to `out` and `err`.
 */
export async function roleCommand(
  args: string[],
  env: NodeJS.ProcessEnv,
  io: { out: (line: string) => void; err: (line: string) => void },
): Promise<number> {
  const [email, role, ...rest] = args;
  if (!email || !isRole(role) || rest.length > 0) {
    io.err(ROLE_USAGE);
    return 64;
  }
  const pgliteDir = path.join(path.resolve(env.DATA_DIR || './data'), 'pglite');
  if (!env.DATABASE_URL && !existsSync(pgliteDir)) {
    io.err(`There is no database in ${path.dirname(pgliteDir)}: start the server once, or set DATA_DIR or DATABASE_URL.`);
    return 1;
  }
  let database: Database;
  try {
    database = env.DATABASE_URL ? await openPostgres(env.DATABASE_URL, { poolSize: 1 }) : await openPglite(pgliteDir);
  } catch (err) {
    io.err(`Cannot open the database: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
  try {
    const change = await setRole(database.db, { email }, role, { partyId: null, via: 'command' });
    io.out(change.changed ? `${change.email} is now ${change.to} (was ${change.from}).` : `${change.email} is already ${change.to}.`);
    return 0;
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') {
      io.err(`There is no user with the email ${email}.`);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}
