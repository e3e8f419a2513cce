import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hammingDistance, perceptualHash, SAME_PICTURE_MAX_DISTANCE } from './perceptual-hash.js';
import { photo } from './photo-test-factory.js';

// The hash on real encoded images: photo-like pictures encoded as JPEG, the same picture as the upload code
// stores it (re-encoded as WebP, resized) and otherwise changed, and other pictures.

describe('perceptualHash', () => {
  it('is 16 hex digits', async () => {
    expect(await perceptualHash(await photo(1))).toMatch(/^[0-9a-f]{16}$/);
  });

  it('finds the same picture re-encoded, resized, recompressed and a little brighter', async () => {
    const original = await photo(1);
    const hash = await perceptualHash(original);
    // The first two are what the upload code stores (encodePicture: WebP at most 2000 px, the 400 px thumbnail).
    const variants = [
      await sharp(original).resize(2000, 2000, { fit: 'inside' }).webp({ quality: 82 }).toBuffer(),
      await sharp(original).resize(400, 400, { fit: 'inside' }).webp({ quality: 82 }).toBuffer(),
      await sharp(original).resize(600).jpeg({ quality: 60 }).toBuffer(),
      await sharp(original).png().toBuffer(),
      await sharp(original).modulate({ brightness: 1.08 }).jpeg({ quality: 70 }).toBuffer(),
    ];
    for (const variant of variants) {
      expect(hammingDistance(hash, await perceptualHash(variant))).toBeLessThanOrEqual(SAME_PICTURE_MAX_DISTANCE);
    }
  });

  it('tells other pictures apart: another scene, another bike in the same place, the picture mirrored', async () => {
    const original = await photo(1);
    const hash = await perceptualHash(original);
    const others = [await photo(2), await photo(3, '#1e8449'), await sharp(original).flop().jpeg().toBuffer()];
    for (const other of others) {
      expect(hammingDistance(hash, await perceptualHash(other))).toBeGreaterThan(SAME_PICTURE_MAX_DISTANCE * 2);
    }
  });

  it('refuses bytes that are no image', async () => {
    await expect(perceptualHash(Buffer.from('not an image'))).rejects.toThrow();
  });
});

describe('hammingDistance', () => {
  it('counts the differing bits', () => {
    expect(hammingDistance('0000000000000000', '0000000000000000')).toBe(0);
    expect(hammingDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hammingDistance('8000000000000001', '0000000000000000')).toBe(2);
  });
});
