import { expect, test } from '@playwright/test';

// Issue 15: "every §2 public route answers a real page to a visitor". Each path of §2 Public opens without a detour
// through /login and shows a page of its own: a main heading that is not the 404 page's. (/org-bike-search and
// /go-to-webshop are signed-in pages by design: ARCHITECTURE.md, "Access"; /survey comes with the surveys.)

const PUBLIC_ROUTES = [
  '/',
  '/login',
  '/signup',
  '/signup/newsletter',
  '/signup/newsletter-sleek',
  '/forgot-password',
  '/forgot-passw-check-mail',
  '/reset-password',
  '/reset-password-succes',
  '/verify-email',
  '/search',
  '/webshop',
  '/our-mission',
  '/advisory-board',
  '/find-distributor',
  '/hvordan',
  '/privacy',
  '/terms',
  '/forsikringsfordel',
  '/help',
  '/support/chat',
  '/successfully-deleted',
  '/stolen-bike-map',
];

test('every public page of §2 opens for a visitor as a page of its own', async ({ page }) => {
  const notFound = 'Siden findes ikke';
  for (const path of PUBLIC_ROUTES) {
    await page.goto(path);
    const heading = page.getByRole('heading', { level: 1 }).first();
    await expect(heading, path).toBeVisible();
    await expect(heading, path).not.toHaveText(notFound);
    expect(new URL(page.url()).pathname, path).toBe(path);
  }
  await page.goto('/404');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFound);
});
