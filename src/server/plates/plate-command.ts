import { eq } from 'drizzle-orm';
import { normalisePlateId } from '../../domain/bikes/plate-id.js';
import { isPlatePrefix } from '../../domain/plates.js';
import { organisations } from '../db/schema.js';
import { createPlateBatch } from './batches.js';
import { openCommandDatabase, parseOptions } from './command-db.js';

export const PLATES_USAGE = `Usage: npm run plates -- create --count <n> [--name "<batch name>"] [--insurance <insurerPartyId>] [--with-registration] [--prefix <letters>]
  Creates a batch of <n> plates (1-100000) with fresh random IDs and prints the IDs, one a line.
  --insurance <id>     plates of an insurance company (the organisation's party id)
  --with-registration  plates sold with a registration: registering a bike with one needs no credit
  --prefix <letters>   what the IDs begin with (up to 4 letters and digits of the plate alphabet)
Uses DATABASE_URL when set, else the embedded database in DATA_DIR (default ./data), which must not be
in use by a running server.`;

const KNOWN = new Set(['count', 'name', 'insurance', 'with-registration', 'prefix']);

/** `npm run plates -- create …`: answers the exit code; writes the IDs to `out`. */
export async function platesCommand(
  args: string[],
  env: NodeJS.ProcessEnv,
  io: { out: (line: string) => void; err: (line: string) => void },
): Promise<number> {
  const { options, rest } = parseOptions(args);
  const count = Number(options.get('count'));
  const name = options.get('name');
  const insurance = options.get('insurance');
  const registration = options.get('with-registration');
  const rawPrefix = options.get('prefix');
  const prefix = typeof rawPrefix === 'string' ? normalisePlateId(rawPrefix) : rawPrefix;
  const bad =
    rest.length !== 1 ||
    rest[0] !== 'create' ||
    [...options.keys()].some((k) => !KNOWN.has(k)) ||
    !Number.isInteger(count) ||
    count < 1 ||
    count > 100_000 ||
    name === true ||
    insurance === true ||
    prefix === true ||
    (typeof prefix === 'string' && !isPlatePrefix(prefix)) ||
    (registration !== undefined && registration !== true);
  if (bad) {
    io.err(PLATES_USAGE);
    return 64;
  }
  const database = await openCommandDatabase(env);
  if (typeof database === 'string') {
    io.err(database);
    return 1;
  }
  try {
    if (typeof insurance === 'string') {
      const [insurer] = /^[0-9a-f-]{36}$/i.test(insurance)
        ? await database.db.select().from(organisations).where(eq(organisations.partyId, insurance))
        : [];
      if (insurer?.organisationType !== 'insurance_company') {
        io.err(`There is no insurance company with the party id ${insurance}.`);
        return 1;
      }
    }
    const batchName = typeof name === 'string' ? name : `Batch ${new Date().toISOString().slice(0, 10)}`;
    const { batchId, ids } = await createPlateBatch(database.db, {
      name: batchName,
      count,
      kind: typeof insurance === 'string' ? 'insurance' : 'standard',
      insurerPartyId: typeof insurance === 'string' ? insurance : null,
      includesRegistration: registration === true,
      prefix: typeof prefix === 'string' ? prefix : '',
    });
    for (const id of ids) io.out(id);
    io.err(`Created ${ids.length} plates in batch "${batchName}" (${batchId}).`);
    return ids.length === count ? 0 : 1;
  } finally {
    await database.close();
  }
}
