// Precompressed copies of the built web app's files (gzip level 9 and brotli quality 11), written beside
// each one and served as they are (server/http/web.ts, from memory): smaller than compressing on the fly at the
// default level, and no compression work per request. Part of `npm run build`.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2] ?? 'dist/web';
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt|wasm)$/;
/** Below this a compressed copy saves nothing worth a file. */
const MIN_BYTES = 1024;

let files = 0;
for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const body = readFileSync(file);
  if (body.length < MIN_BYTES) continue;
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  );
  files++;
}
process.stdout.write(`compressed ${files} files in ${root}\n`);
