import { openCommandDatabase, parseOptions } from '../plates/command-db.js';
import { createVoucher } from './service.js';

export const VOUCHERS_USAGE = `Usage: npm run vouchers -- create --code <CODE> [--credits <n>] [--max <redemptions>] [--expires <YYYY-MM-DD>] [--plan SINGLE|FAMILY|ORGANISATION]
  Creates a voucher code that adds <n> credits (default 1) to each user who redeems it, once per user,
  at most <redemptions> times in all (default 1), until the expiry date (default never).
Uses DATABASE_URL when set, else the embedded database in DATA_DIR (default ./data), which must not be
in use by a running server.`;

const KNOWN = new Set(['code', 'credits', 'max', 'expires', 'plan']);
const PLANS = ['SINGLE', 'FAMILY', 'ORGANISATION'] as const;

/** `npm run vouchers -- create …`: answers the exit code. */
export async function vouchersCommand(
  args: string[],
  env: NodeJS.ProcessEnv,
  io: { out: (line: string) => void; err: (line: string) => void },
): Promise<number> {
  const { options, rest } = parseOptions(args);
  const code = options.get('code');
  const credits = Number(options.get('credits') ?? 1);
  const max = Number(options.get('max') ?? 1);
  const expires = options.get('expires');
  const plan = options.get('plan') ?? 'SINGLE';
  const expiresAt = typeof expires === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(expires) ? new Date(`${expires}T00:00:00Z`) : null;
  const normalised = typeof code === 'string' ? code.replace(/\s/g, '').toUpperCase() : '';
  const bad =
    rest.length !== 1 ||
    rest[0] !== 'create' ||
    [...options.keys()].some((k) => !KNOWN.has(k)) ||
    normalised.length < 1 ||
    normalised.length > 40 ||
    !Number.isInteger(credits) ||
    credits < 1 ||
    credits > 1000 ||
    !Number.isInteger(max) ||
    max < 1 ||
    (expires !== undefined && (!expiresAt || Number.isNaN(expiresAt.getTime()))) ||
    !(PLANS as readonly unknown[]).includes(plan);
  if (bad) {
    io.err(VOUCHERS_USAGE);
    return 64;
  }
  const database = await openCommandDatabase(env);
  if (typeof database === 'string') {
    io.err(database);
    return 1;
  }
  try {
    const created = await createVoucher(database.db, {
      code: normalised,
      credits,
      maxRedemptions: max,
      expiresAt,
      planType: plan as (typeof PLANS)[number],
    });
    if (!created) {
      io.err(`The code ${normalised} exists already.`);
      return 1;
    }
    io.out(
      `${normalised}: ${credits} credit${credits === 1 ? '' : 's'} per user, ${max} redemption${max === 1 ? '' : 's'}${expiresAt ? `, until ${expires}` : ''}.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}
