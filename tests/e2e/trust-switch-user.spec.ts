import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { apiLogin, apiSignUp, DEMO, seedToken, storedSession, tokenClaims } from './support/session';

// §6 switch-user, in English: an admin acts as a user from the backoffice, sees the banner on every
// page, and switches back; every step is in the audit log.
test.use({ locale: 'en-GB' });

test('an admin switches to a user from the backoffice, sees the banner, and switches back', async ({ page, request }) => {
  const user = await apiSignUp(request, { chosen_language: 'en' });
  const userId = tokenClaims(user.token).identity_party_id;
  const adminToken = await apiLogin(request, DEMO.admin.email, DEMO.admin.password);
  const adminId = tokenClaims(adminToken).identity_party_id;
  const asAdmin = { authorization: `Bearer ${adminToken}` };
  await request.put('/api/identities/language/', { headers: asAdmin, data: { language: 'en' } });
  await seedToken(page, adminToken);

  await page.goto('/backoffice');
  await expect(page.getByRole('heading', { level: 1, name: 'Work waiting' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('navigation', { name: 'Backoffice' }).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/backoffice\/identities$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Newest users' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('searchbox', { name: 'Email or name' }).fill(user.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { name: `Users matching “${user.email}”` })).toBeVisible();
  // The results only: the backoffice menu beside them is a list too.
  await expect(page.getByRole('region', { name: `Users matching “${user.email}”` }).getByRole('listitem')).toHaveCount(1);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: `Act as ${user.email}` }).click();

  // Now the user's account, with the banner on top.
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${user.email}` })).toBeVisible();
  const banner = page.getByRole('region', { name: 'Switch-user' });
  await expect(banner).toContainText(`You are acting as ${user.email}. Everything you change is logged.`);
  await expectNoAxeViolations(page);
  const switched = tokenClaims((await storedSession(page)).token ?? '');
  expect(switched).toMatchObject({ identity_party_id: userId, party_id: userId, switched_by: adminId });

  // A change made as the user is logged with the admin as the one really acting.
  await page.getByRole('link', { name: 'Go to settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(banner).toBeVisible();
  await page.getByLabel('First name', { exact: true }).fill('Helped');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your changes are saved.')).toBeVisible();
  await expectNoAxeViolations(page);

  await banner.getByRole('button', { name: 'Switch back' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Anders' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Switch-user' })).toHaveCount(0);
  const back = tokenClaims((await storedSession(page)).token ?? '');
  expect(back).toMatchObject({ identity_party_id: adminId, party_id: adminId });
  expect(back).not.toHaveProperty('switched_by');

  const audit = await request.get(`/api/backoffice/audit-log?party_id=${userId}`, { headers: asAdmin });
  expect(audit.status()).toBe(200);
  const entries = ((await audit.json()) as { action: string; actor_party_id: string; data: { route?: string } | null }[]).reverse();
  expect(entries.map((e) => [e.action, e.actor_party_id, e.data?.route ?? null])).toEqual([
    ['switch_user.start', adminId, null],
    ['switch_user.request', adminId, '/api/identities/me'],
    ['switch_user.end', adminId, null],
  ]);
});

test('the backoffice tells a user without a staff role that it is not for them', async ({ page, request }) => {
  const user = await apiSignUp(request, { chosen_language: 'en' });
  await seedToken(page, user.token);
  await page.goto('/backoffice/identities');
  await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
  await expect(page.getByText("The backoffice is for the Bike Register's staff.", { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
});
