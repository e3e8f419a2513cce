import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diskStorage } from './disk-storage.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'disk-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('disk storage', () => {
  const storage = diskStorage(root);

  it('keeps a file with its content type, and removes it and its empty folder', async () => {
    await storage.put('pictures/bike-1/a.webp', Buffer.from('abc'), 'image/webp');
    expect(await storage.get('pictures/bike-1/a.webp')).toEqual({ body: Buffer.from('abc'), contentType: 'image/webp' });
    // No temporary file is left behind.
    expect(readdirSync(path.join(root, 'pictures/bike-1')).sort()).toEqual(['a.webp', 'a.webp.type']);
    await storage.delete('pictures/bike-1/a.webp');
    expect(await storage.get('pictures/bike-1/a.webp')).toBeNull();
    expect(existsSync(path.join(root, 'pictures/bike-1'))).toBe(false);
  });

  it('answers null for a missing file, and deleting one is no error', async () => {
    expect(await storage.get('documents/none/x.pdf')).toBeNull();
    await expect(storage.delete('documents/none/x.pdf')).resolves.toBeUndefined();
  });

  it('keeps the folder while other files remain', async () => {
    await storage.put('documents/b/1.pdf', Buffer.from('1'), 'application/pdf');
    await storage.put('documents/b/2.pdf', Buffer.from('2'), 'application/pdf');
    await storage.delete('documents/b/1.pdf');
    expect((await storage.get('documents/b/2.pdf'))?.body.toString()).toBe('2');
  });

  it('refuses a key that climbs out of the root', async () => {
    await expect(storage.put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/outside the root/);
    await expect(storage.get('pictures/../../escape.txt')).rejects.toThrow(/outside the root/);
  });
});
