// Helpers shared by the benchmarks (bench-search.mjs, bench-map.mjs): a free port, a plain GET, a
// PostgreSQL connection, stopping a server started for a run.
import { existsSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Chromium's flags on these machines (design.md). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function get(url, timeout = 5_000) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.setTimeout(timeout, () => request.destroy(new Error('timeout')));
  });
}

export async function connect(pg, url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  client.on('error', () => {});
  await client.connect();
  return client;
}

export function stopServer(child) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Which server and web build a benchmark runs (BENCH_SERVER, WEB_DIR), unless the caller passes them, and the
 * PostgreSQL admin URL (BENCH_DATABASE_URL) for the scratch databases.
 */
export function benchSettings(options = {}) {
  const serverMain =
    options.serverMain ??
    (process.env.BENCH_SERVER && process.env.BENCH_SERVER !== 'source' ? process.env.BENCH_SERVER : 'dist/server/main.js');
  return {
    serverMain,
    fromSource: options.fromSource ?? (process.env.BENCH_SERVER === 'source' || !existsSync(path.resolve(root, serverMain))),
    webDir: options.webDir ?? (process.env.WEB_DIR ? path.resolve(process.env.WEB_DIR) : path.join(root, 'dist/web')),
    adminUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  };
}
