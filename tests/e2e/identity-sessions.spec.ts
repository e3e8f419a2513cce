import { expect, test } from '@playwright/test';
import { apiLogin, apiSignUp, loginAs, storedSession } from './support/session';

const me = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

test('logging out ends the session on the server: the old token is refused', async ({ page, request }) => {
  const user = await apiSignUp(request);
  const token = await loginAs(page, request, user.email, user.password);
  await page.goto('/app');
  await page.getByRole('button', { name: 'Log ud' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await storedSession(page)).token).toBeNull();
  const res = await request.get('/api/identities/me', me(token));
  expect(res.status()).toBe(401);
  expect(await res.json()).toMatchObject({ detail: 'invalid_token' });
  // The account's other logins are not touched.
  expect((await request.get('/api/identities/me', me(user.token))).status()).toBe(200);
});

test('"log out everywhere" in the settings ends another session too', async ({ page, request }) => {
  const user = await apiSignUp(request);
  const elsewhere = await apiLogin(request, user.email, user.password);
  await loginAs(page, request, user.email, user.password);
  await page.goto('/app/settings');
  await expect(page.getByRole('heading', { level: 2, name: 'Logins' })).toBeVisible();
  await page.getByRole('button', { name: 'Log ud overalt' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await storedSession(page)).token).toBeNull();
  expect((await request.get('/api/identities/me', me(elsewhere))).status()).toBe(401);
  expect((await request.get('/api/identities/me', me(user.token))).status()).toBe(401);
  // A new login works.
  const fresh = await apiLogin(request, user.email, user.password);
  expect((await request.get('/api/identities/me', me(fresh))).status()).toBe(200);
});
