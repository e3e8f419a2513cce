// npm start on a fresh clone (or after a pull): build first when the build is missing or older than the sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const marker = 'dist/server/main.js';
const webMarker = 'dist/web/build.json';

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const built = existsSync(marker) && existsSync(webMarker) ? Math.min(statSync(marker).mtimeMs, statSync(webMarker).mtimeMs) : 0;
if (built < newest('src')) {
  console.warn('Building the app (first start, or the sources changed) …');
  execSync('npm run build', { stdio: 'inherit' });
}
