import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { type Database, openPglite, openPostgres } from './db/client.js';
import { seedDemoData } from './seed/demo.js';
import { seedDemoFlows } from './seed/demo-flows.js';
import { backfillPerceptualHashes } from './shared/files/perceptual-hash.js';

// Starts the server: reads the configuration, opens the database, listens, and shuts down cleanly.
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
  const database: Database = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite(path.join(config.dataDir, 'pglite'));
  const app = await buildApp({ config, database });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    try {
      await app.close();
    } finally {
      await database.close();
      app.log.info('stopped');
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  if (config.seedDemo) {
    const accounts = await seedDemoData(app.appContext);
    if (accounts) {
      app.log.info('demo accounts created (see README):');
      for (const a of accounts) app.log.info(`  ${a.label}: ${a.email} / ${a.password}`);
    }
    await seedDemoFlows(app.appContext);
  }
  await app.listen({ port: config.port, host: config.host });
  // Pictures stored before they were hashed get their perceptual hash now, in the background.
  backfillPerceptualHashes(app.appContext).then(
    (n) => n > 0 && app.log.info(`perceptual hashes computed for ${n} older pictures`),
    (err) => app.log.warn({ err }, 'perceptual hash backfill stopped'),
  );
  app.log.info(`ready on ${config.publicUrl} (${database.kind}${config.embedded ? ', embedded mode' : ''})`);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
