import { randomInt } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { apiSignUp, seedToken } from './support/session';

// Issue 4, my bikes (§2 /app/my-bikes) and my plates (/app/qr-id). Plates for this file: DEMO0005–DEMO0009.

async function post(request: APIRequestContext, token: string, path: string, data: unknown) {
  const response = await request.post(path, { headers: { authorization: `Bearer ${token}` }, data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

test('a new user sees the empty state, which leads to registering, and no plates yet', async ({ page, request }) => {
  const user = await apiSignUp(request);
  await seedToken(page, user.token);
  await page.goto('/app/my-bikes');
  await expect(page.getByRole('heading', { level: 1, name: 'Mine cykler' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Du har ingen cykler endnu' })).toBeVisible();
  const credits = page.getByRole('region', { name: 'Dine registreringer' });
  await expect(credits.getByText('0 registreringer tilbage')).toBeVisible();
  await expect(credits.getByText('For at registrere endnu en cykel skal du indløse en værdikode.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'my-bikes-empty');

  await page.getByRole('link', { name: 'Se mine plader' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mine plader' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Du har ingen plader endnu' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/app/my-bikes');
  await page.getByRole('link', { name: 'Registrér din første cykel' }).click();
  await expect(page).toHaveURL(/\/app\/register-bike$/);
});

test('my bikes lists each bike with its frame number, plate and labels, and my plates show their QR codes', async ({ page, request }) => {
  const user = await apiSignUp(request);
  await post(request, user.token, '/api/webshop/vouchers/redeem', { code: 'DEMO-BIKE-2026' });
  const frame = `WBK${randomInt(100000, 999999)}S`;
  const bike = (await post(request, user.token, '/api/bikes/', {
    frame_number: frame,
    bikekey_id: 'DEMO0005',
    nickname: 'Ladcyklen',
    category_id: 'cargo',
    color_id: 'green',
  })) as { id: string };
  // A second bike without a credit left: registered with a plate that includes the registration.
  await post(request, user.token, '/api/bikes/', { frame_number: `WBK${randomInt(100000, 999999)}T`, bikekey_id: 'DEMOREG02' });

  await seedToken(page, user.token);
  await page.goto('/app/my-bikes');
  const list = page.getByRole('list', { name: '2 cykler' });
  await expect(list).toBeVisible();
  const row = list.getByRole('listitem').filter({ hasText: 'Ladcyklen' });
  await expect(row.getByText(frame)).toBeVisible();
  await expect(row.getByText('DEMO0005')).toBeVisible();
  const labels = row.getByRole('list', { name: 'Status' });
  await expect(labels.getByText('Registreringen er aktiv', { exact: true })).toBeVisible();
  await expect(labels.getByText('Kan findes i søgning', { exact: true })).toBeVisible();
  await expect(labels.getByText('Kun du kan se dine oplysninger', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Dine registreringer' }).getByText('0 registreringer tilbage')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'my-bikes-list');
  await expect(row.getByRole('link', { name: 'Ladcyklen' })).toHaveAttribute('href', `/app/my-bikes/${bike.id}`);

  await page.goto('/app/qr-id');
  await expect(page.getByRole('heading', { level: 1, name: 'Mine plader' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR-kode for plade DEMO0005' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR-kode for plade DEMOREG02' })).toBeVisible();
  await expect(page.getByText('Sidder på Ladcyklen.')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'qr-id');
});

test('another user sees none of my bikes', async ({ page, request }) => {
  const owner = await apiSignUp(request);
  await post(request, owner.token, '/api/webshop/vouchers/redeem', { code: 'DEMO-BIKE-2026' });
  await post(request, owner.token, '/api/bikes/', { frame_number: `WBK${randomInt(100000, 999999)}U`, nickname: 'Hemmelig' });
  const stranger = await apiSignUp(request);
  await seedToken(page, stranger.token);
  await page.goto('/app/my-bikes');
  await expect(page.getByRole('heading', { name: 'Du har ingen cykler endnu' })).toBeVisible();
  await expect(page.getByText('Hemmelig')).toHaveCount(0);
});
