import { type Page, test } from '@playwright/test';

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/**
 * Full-page screenshots at phone and desktop size, attached to the test's report (to look at), and
 * the viewport put back as it was. They are for people to open, so CI (CI=1), where nobody does, skips
 * them unless E2E_SCREENSHOTS=1: about 200 full-page captures cost minutes there. Failures are
 * screenshotted anyway (playwright.config.ts).
 */
export async function screenshots(page: Page, name: string): Promise<void> {
  if (process.env.CI && process.env.E2E_SCREENSHOTS !== '1') return;
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
