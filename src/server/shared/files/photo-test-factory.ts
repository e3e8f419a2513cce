import sharp from 'sharp';

// Photo-like test pictures for the perceptual hash (its unit test and the fraud signal's API test).

/**
 * A photo-like picture: a seeded random landscape of light and shade (random pixels, blurred and enlarged, as
 * out-of-focus background in a photo) with a bike drawn on it, encoded as JPEG the way a camera delivers it.
 */
export async function photo(seed: number, frame = '#c0392b'): Promise<Buffer> {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const pixels = Buffer.from(Array.from({ length: 48 * 36 * 3 }, () => Math.floor(random() * 256)));
  const background = await sharp(pixels, { raw: { width: 48, height: 36, channels: 3 } })
    .blur(1.5)
    .resize(1600, 1200, { kernel: 'cubic' })
    .png()
    .toBuffer();
  const bike = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
  <g fill="none" stroke="#1b1b1b" stroke-width="26"><circle cx="420" cy="760" r="230"/><circle cx="1160" cy="760" r="230"/></g>
  <path d="M420 760 L680 760 L1010 500 L610 500 Z" fill="none" stroke="${frame}" stroke-width="34"/>
</svg>`);
  return sharp(background)
    .composite([{ input: bike }])
    .jpeg({ quality: 90 })
    .toBuffer();
}
