import { type Page, test } from '@playwright/test';

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/**
 * Full-page screenshots at phone and desktop size, attached to the test's report (to look at), and
 * the viewport put back as it was.
 */
export async function screenshots(page: Page, name: string): Promise<void> {
  const info = test.info();
  const before = page.viewportSize();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const file = info.outputPath(`${name}-${size.width}x${size.height}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await info.attach(`${name}-${size.width}x${size.height}`, { path: file, contentType: 'image/png' });
  }
  if (before) await page.setViewportSize(before);
}

/** A frame number in the Danish legal form that no other test uses. */
export function uniqueFrameNumber(mark = 'WS'): string {
  const letters = 'ABCDEFGHJKLMNPRSTUVXZ23456789';
  let id = mark;
  for (let i = 0; i < 9; i++) id += letters[Math.floor(Math.random() * letters.length)];
  return id;
}
