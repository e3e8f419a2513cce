import path from 'node:path';
import type { Config } from '../../config.js';
import { diskStorage } from './disk-storage.js';
import type { Storage } from './port.js';
import { s3Storage } from './s3-storage.js';

/** An S3-compatible bucket when S3_BUCKET is set, else disk under DATA_DIR/files. */
export function createStorage(config: Config): Storage {
  return config.s3 ? s3Storage(config.s3) : diskStorage(path.join(config.dataDir, 'files'));
}
