import { expect, test } from '@playwright/test';

// Every link on the sign-up pages goes somewhere (the privacy policy and the terms beside the consent among
// them), never to "Siden findes ikke". The app answers every path with its shell, so a link is followed and
// the page it shows is read.

const SIGNUP_PAGES = ['/signup', '/signup/from-scan?sticker_id=DEMO0048'];

test('no link on the sign-up pages leads to a missing page', async ({ page, request }) => {
  const checked = new Set<string>();
  for (const path of SIGNUP_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Opret bruger' })).toBeVisible();
    const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      const url = new URL(href);
      const target = `${url.origin}${url.pathname}${url.search}`;
      if (checked.has(target)) continue;
      checked.add(target);
      if (url.origin !== new URL(page.url()).origin) {
        // Another site: it must answer.
        expect((await request.get(href)).status(), href).toBeLessThan(400);
        continue;
      }
      const other = await page.context().newPage();
      await other.goto(target);
      await expect(other.getByRole('heading', { level: 1 }), `${path} links to ${target}`).toBeVisible();
      await expect(other.getByRole('heading', { level: 1, name: 'Siden findes ikke' }), `${path} links to ${target}`).toHaveCount(0);
      await other.close();
    }
  }
  // The consent is there, as words.
  await page.goto('/signup');
  await expect(page.getByLabel(/Jeg accepterer Cykelregistrets betingelser og privatlivspolitik/)).toBeVisible();
});
