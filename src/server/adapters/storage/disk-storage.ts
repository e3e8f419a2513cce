import { mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from './port.js';

/** Files on local disk under a root directory (DATA_DIR/files); the content type is kept beside each file. */
export function diskStorage(root: string): Storage {
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    // Keys are made by the services, but never let one climb out of the root.
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`storage key outside the root: ${key}`);
    return file;
  };
  return {
    kind: 'disk',
    async put(key, body, contentType) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, body);
      await writeFile(`${file}.type`, contentType);
      await rename(tmp, file);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const [body, contentType] = await Promise.all([
          readFile(file),
          readFile(`${file}.type`, 'utf8').catch(() => 'application/octet-stream'),
        ]);
        return { body, contentType };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await Promise.all([rm(file, { force: true }), rm(`${file}.type`, { force: true })]);
      // The folder of a deleted bike's files goes when its last file does (it fails, harmlessly, while others remain).
      if (path.dirname(file) !== path.resolve(root)) await rmdir(path.dirname(file)).catch(() => undefined);
    },
  };
}
