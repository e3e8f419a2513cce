import path from 'node:path';
import type { Config } from '../../config.js';
import { diskStorage } from './disk-storage.js';
import type { Storage } from './port.js';

/** Disk under DATA_DIR/files by default. */
export function createStorage(config: Config): Storage {
  return diskStorage(path.join(config.dataDir, 'files'));
}
