import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { apiSignUp, apiSignUpWithRole, seedToken } from './support/session';

// Issue 16, managing docks, in English: staff create a dock for an organisation (its place picked on the map) and add
// a lock, whose device secret is shown once; the public GBFS feed lists the dock. A revisor reads the same pages with
// no change buttons. An organisation's admin, acting as the organisation, creates a dock of their own.
test.use({ locale: 'en-GB' });

/** Places the pin by clicking the map, once Leaflet has drawn it (the bundled outline; no tiles here). */
async function pickPlaceOnMap(page: Page): Promise<void> {
  const map = page.getByTestId('location-picker-map');
  await expect(map.locator('.leaflet-container, .leaflet-pane').first()).toBeAttached({ timeout: 15_000 });
  await map.click({ position: { x: 120, y: 90 } });
  await expect(page.getByText(/^Chosen place: /)).toBeVisible();
}

test('staff create a dock and a lock (secret shown once), the GBFS feed lists it, and a revisor only reads', async ({
  browser,
  page,
  request,
}) => {
  const staff = await apiSignUpWithRole(request, 'staff', 'en');
  const business = await apiSignUp(request, { chosen_language: 'en' });
  const orgName = `Kælder ${randomUUID().slice(0, 6)} ApS`;
  const org = await request.post('/api/organisations/', {
    headers: { authorization: `Bearer ${business.token}` },
    data: { name: orgName },
  });
  expect(org.status()).toBe(201);
  const dockName = `Havnen ${randomUUID().slice(0, 6)}`;

  await seedToken(page, staff.token);
  await page.goto('/backoffice/docks');
  await expect(page.getByRole('heading', { level: 1, name: 'Docks' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('navigation', { name: 'Backoffice' }).getByRole('link', { name: 'Docks' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  const create = page.getByRole('region', { name: 'New dock' });
  await create.getByLabel('Find the organisation (name or CVR number)').fill(orgName);
  await expect(create.getByLabel('Owning organisation').locator('option', { hasText: orgName })).toBeAttached();
  await create.getByLabel('Owning organisation').selectOption({ label: orgName });
  await create.getByLabel('Name', { exact: true }).fill(dockName);
  // No place yet: refused, and what was typed stays.
  await create.getByRole('button', { name: 'Create dock' }).click();
  await expect(create.getByText("Choose the dock's place on the map")).toBeVisible();
  await expect(create.getByLabel('Name', { exact: true })).toHaveValue(dockName);
  await create.getByLabel('Address').fill('Havnegade 1, 1058 København K');
  await create.getByLabel('Who may use it').selectOption('everyone');
  await pickPlaceOnMap(page);
  await expectNoAxeViolations(page);
  await screenshots(page, 'backoffice-docks-new');
  await create.getByRole('button', { name: 'Create dock' }).click();

  await expect(page.getByRole('heading', { level: 1, name: dockName })).toBeVisible();
  const dockId = page.url().split('/').at(-1) ?? '';
  await expect(page.getByText(`Owned by ${orgName}`)).toBeVisible();
  await expect(page.getByText('No locks yet. Add the first below.')).toBeVisible();

  await page.getByLabel("New lock's name").fill('A1');
  await page.getByRole('button', { name: 'Add lock' }).click();
  const secretPanel = page.getByRole('region', { name: 'Device secret of lock A1' });
  await expect(secretPanel).toBeVisible();
  await expect(secretPanel.getByText('It is shown only this once')).toBeVisible();
  const secret = (await secretPanel.getByTestId('lock-secret').textContent()) ?? '';
  expect(secret.length).toBeGreaterThanOrEqual(40);
  await expect(page.getByRole('listitem').filter({ hasText: 'A1' }).getByText('Offline')).toBeVisible();
  // A second lock with the same name is refused, the name kept.
  await page.getByLabel("New lock's name").fill('a1');
  await page.getByRole('button', { name: 'Add lock' }).click();
  await expect(page.getByText('The dock already has a lock with that name')).toBeVisible();
  await expect(page.getByLabel("New lock's name")).toHaveValue('a1');
  await expectNoAxeViolations(page);
  await screenshots(page, 'backoffice-dock-secret');
  await secretPanel.getByRole('button', { name: 'I have copied it' }).click();
  await expect(secretPanel).toBeHidden();
  // Shown once: nowhere on the page after that, nor after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: dockName })).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);

  await page.getByRole('listitem').filter({ hasText: 'A1' }).getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lock A1' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' }).getByText('Added')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'backoffice-lock-history');

  // The public feed: the dock with its one lock, open to any site.
  const info = await request.get('/api/gbfs/station_information.json');
  expect(info.headers()['access-control-allow-origin']).toBe('*');
  const station = (
    (await info.json()) as { data: { stations: { station_id: string; name: string; capacity: number }[] } }
  ).data.stations.find((s) => s.station_id === dockId);
  expect(station).toMatchObject({ name: dockName, capacity: 1 });
  const discovery = (await (await request.get('/api/gbfs/gbfs.json')).json()) as {
    version: string;
    data: { en: { feeds: { name: string }[] } };
  };
  expect(discovery.version).toBe('2.3');
  expect(discovery.data.en.feeds.map((f) => f.name)).toContain('station_status');

  // The revisor: the same pages, no change buttons.
  const revisor = await apiSignUpWithRole(request, 'revisor', 'en');
  const context = await browser.newContext({ locale: 'en-GB' });
  const revisorPage = await context.newPage();
  await seedToken(revisorPage, revisor.token);
  await revisorPage.goto('/backoffice/docks');
  await expect(revisorPage.getByRole('heading', { level: 1, name: 'Docks' })).toBeVisible({ timeout: 30_000 });
  await expect(revisorPage.getByRole('link', { name: dockName })).toBeVisible();
  await expect(revisorPage.getByRole('region', { name: 'New dock' })).toHaveCount(0);
  await revisorPage.getByRole('link', { name: dockName }).click();
  await expect(revisorPage.getByRole('heading', { level: 1, name: dockName })).toBeVisible();
  await expect(revisorPage.getByText('A1', { exact: true })).toBeVisible();
  await expect(revisorPage.getByRole('button', { name: 'Add lock' })).toHaveCount(0);
  await expect(revisorPage.getByRole('button', { name: 'New secret' })).toHaveCount(0);
  await expect(revisorPage.getByRole('button', { name: 'Remove' })).toHaveCount(0);
  await expectNoAxeViolations(revisorPage);
  await screenshots(revisorPage, 'backoffice-dock-revisor');
  await context.close();
});

test("an organisation's admin, acting as it, creates a dock of the organisation and adds a lock", async ({ page, request }) => {
  const person = await apiSignUp(request, { chosen_language: 'en' });
  const orgName = `Værksted ${randomUUID().slice(0, 6)} ApS`;
  const org = await request.post('/api/organisations/', { headers: { authorization: `Bearer ${person.token}` }, data: { name: orgName } });
  expect(org.status()).toBe(201);
  const token = ((await org.json()) as { authentication_token: string }).authentication_token;
  const dockName = `Gården ${randomUUID().slice(0, 6)}`;

  await seedToken(page, token);
  await page.goto('/app/docks/manage');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage docks' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('No docks yet.')).toBeVisible();
  await expectNoAxeViolations(page);
  const create = page.getByRole('region', { name: 'New dock' });
  await create.getByLabel('Name', { exact: true }).fill(dockName);
  await create.getByLabel('Address').fill('Værkstedsvej 3, 2500 Valby');
  await pickPlaceOnMap(page);
  await screenshots(page, 'org-docks-new');
  await create.getByRole('button', { name: 'Create dock' }).click();

  await expect(page.getByRole('heading', { level: 1, name: dockName })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/docks\/manage\/[0-9a-f-]{36}$/);
  await page.getByLabel("New lock's name").fill('K1');
  await page.getByRole('button', { name: 'Add lock' }).click();
  await expect(page.getByRole('region', { name: 'Device secret of lock K1' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'org-dock-detail');

  await page.getByRole('link', { name: 'All your docks' }).click();
  await expect(page.getByRole('link', { name: dockName })).toBeVisible();
  await expect(page.getByText('1 lock, 0 free')).toBeVisible();
});
