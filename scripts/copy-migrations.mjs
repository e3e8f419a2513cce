// The server build (tsc) carries no SQL; the migrations go beside the compiled database client.
import { cpSync } from 'node:fs';

cpSync('src/server/db/migrations', 'dist/server/db/migrations', { recursive: true });
