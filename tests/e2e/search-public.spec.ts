import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from './support/axe';
import { screenshots, uniqueFrameNumber } from './support/screenshots';
import { apiSignUp, seedToken } from './support/session';

// Public search (/search) and the organisation search (/org-bike-search), issue 4. Plates DEMOREG11–12
// (their batch includes the registration, so no credit is needed); each test signs up its own owner.

async function png(color: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 90, channels: 3, background: color } })
    .png()
    .toBuffer();
}

interface Registered {
  bikeId: string;
  frameNumber: string;
  publicPictureId: string;
  privatePictureId: string;
  privatePictureUrl: string;
}

/** An owner with a searchable bike that has a public and a private (frame number) picture. */
async function registerBikeWithPictures(request: APIRequestContext, plate: string): Promise<Registered> {
  const owner = await apiSignUp(request);
  const headers = { authorization: `Bearer ${owner.token}` };
  const frameNumber = uniqueFrameNumber();
  const created = await request.post('/api/bikes/', {
    headers,
    data: {
      frame_number: frameNumber,
      bikekey_id: plate,
      brand_name: 'Kildemoes',
      model: 'Logic',
      color_id: 'blue',
      category_id: 'city',
      type_id: 'unisex',
      production_year: 2022,
      searchable: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const bikeId = ((await created.json()) as { id: string }).id;
  const upload = async (kind: string, buffer: Buffer) => {
    const response = await request.post(`/api/bikes/${bikeId}/pictures`, {
      headers,
      multipart: { kind, file: { name: `${kind}.png`, mimeType: 'image/png', buffer } },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { id: string; url: string };
  };
  const publicPicture = await upload('public', await png({ r: 20, g: 90, b: 200 }));
  const privatePicture = await upload('frame_number', await png({ r: 200, g: 30, b: 30 }));
  return {
    bikeId,
    frameNumber,
    publicPictureId: publicPicture.id,
    privatePictureId: privatePicture.id,
    privatePictureUrl: privatePicture.url,
  };
}

async function search(page: Page, query: string): Promise<void> {
  await page.getByLabel('Stelnummer eller plade-ID').fill(query);
  await page.getByRole('button', { name: 'Søg', exact: true }).click();
}

test('search finds a bike by frame number and by plate ID, and shows only its public picture', async ({ page, request }) => {
  const bike = await registerBikeWithPictures(request, 'DEMOREG11');

  await page.goto('/search');
  await expect(page.getByRole('heading', { level: 1, name: 'Søg efter en cykel' })).toBeVisible();
  await expect(page.getByText('Private billeder ser kun ejeren.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'search-empty');

  // By frame number, typed in lower case with a space: the query is in the address.
  await search(page, `${bike.frameNumber.slice(0, 5).toLowerCase()} ${bike.frameNumber.slice(5)}`);
  await expect(page).toHaveURL(/\/search\?q=/);
  await expect(page.getByRole('heading', { level: 2, name: 'Cykler med dette nummer' })).toBeVisible();
  const card = page.getByRole('article', { name: 'Kildemoes Logic' });
  await expect(card).toBeVisible();
  await expect(card.getByText(bike.frameNumber)).toBeVisible();
  await expect(card.getByText('DEMOREG11')).toBeVisible();
  await expect(card.getByText('Blå')).toBeVisible();
  await expect(card.getByText('Bycykel')).toBeVisible();
  await expect(card.getByText('2022')).toBeVisible();
  await expect(card.getByText('Meldt stjålet')).toHaveCount(0);

  // The public picture is shown and loads; the private one is nowhere on the page.
  const picture = card.getByRole('img', { name: 'Offentligt billede af Kildemoes Logic' });
  await expect(picture).toHaveAttribute('src', new RegExp(bike.publicPictureId));
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const html = await page.content();
  expect(html).not.toContain(bike.privatePictureId);
  expect(html).not.toContain(bike.privatePictureUrl);
  await expectNoAxeViolations(page);
  await screenshots(page, 'search-exact');

  // The results survive a reload (and can be shared).
  await page.reload();
  await expect(page.getByRole('article', { name: 'Kildemoes Logic' })).toBeVisible();
  await expect(page.getByLabel('Stelnummer eller plade-ID')).toHaveValue(/\S/);

  // By plate ID.
  await search(page, 'demoreg11');
  await expect(page).toHaveURL(/\?q=demoreg11$/);
  await expect(page.getByRole('article', { name: 'Kildemoes Logic' }).getByText(bike.frameNumber)).toBeVisible();
  expect(await page.content()).not.toContain(bike.privatePictureId);
});

test('search offers "did you mean" for a one-character typo, and says so when nothing matches', async ({ page, request }) => {
  const bike = await registerBikeWithPictures(request, 'DEMOREG12');
  const at = 6;
  const typo = bike.frameNumber.slice(0, at) + (bike.frameNumber[at] === 'Q' ? 'W' : 'Q') + bike.frameNumber.slice(at + 1);

  await page.goto(`/search?q=${typo}`);
  const didYouMean = page.getByRole('region', { name: 'Mente du …?' });
  await expect(didYouMean).toBeVisible();
  await expect(didYouMean.getByText(`Ingen cykel har præcis ${typo}`, { exact: false })).toBeVisible();
  await expect(didYouMean.getByRole('article', { name: 'Kildemoes Logic' }).getByText(bike.frameNumber)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cykler med dette nummer' })).toHaveCount(0);
  expect(await page.content()).not.toContain(bike.privatePictureId);
  await expectNoAxeViolations(page);
  await screenshots(page, 'search-did-you-mean');

  await search(page, 'XQXQXQXQXQXQXQ77');
  await expect(page.locator('.search-results').getByText('Søgningen gav ingen resultater', { exact: false })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, 'search-no-results');

  // Too short: the server's message on the field.
  await search(page, 'ab1');
  const field = page.getByLabel('Stelnummer eller plade-ID');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.field-error')).toHaveText(/5 tegn/);
  await expect(field).toBeFocused();
  await expectNoAxeViolations(page);
});

test('search in English and Norwegian', async ({ page }) => {
  await page.goto('/search');
  await page.getByLabel('Sprog').selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Search for a bike' })).toBeVisible();
  await page.getByLabel('Frame number or plate ID').fill('XQXQXQXQXQXQXQ77');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.locator('.search-results').getByText('Search yielded no results', { exact: false })).toBeVisible();
  await page.getByLabel('Language').selectOption('no');
  await expect(page.getByRole('heading', { level: 1, name: 'Søk etter en sykkel' })).toBeVisible();
  await expect(page.getByLabel('Rammenummer eller plate-ID')).toBeVisible();
});

test('the organisation search shows the registration facts to an organisation, and explains itself to others', async ({
  page,
  request,
}) => {
  // A visitor is sent to log in (§2).
  await page.goto('/org-bike-search');
  await expect(page).toHaveURL(/\/login$/);

  const bike = await registerBikeWithPictures(request, 'DEMOREG13');
  // A private user: the explanation, with the way to change user.
  const person = await apiSignUp(request);
  await seedToken(page, person.token);
  await page.goto(`/org-bike-search?q=${bike.frameNumber}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Kun for organisationer' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Skift bruger på min konto' })).toHaveAttribute('href', '/app');
  await expectNoAxeViolations(page);
  await screenshots(page, 'org-search-private');

  // The same person acting as their business.
  const created = await request.post('/api/organisations/', {
    headers: { authorization: `Bearer ${person.token}` },
    data: { name: 'Cykelhandler Nord ApS' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { authentication_token: orgToken } = (await created.json()) as { authentication_token: string };
  await page.evaluate((token) => {
    localStorage.setItem('session', JSON.stringify({ state: { token, returnPath: null }, version: 1 }));
  }, orgToken);
  await page.goto(`/org-bike-search?q=${bike.frameNumber}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Søg som organisation' })).toBeVisible();
  const card = page.getByRole('article', { name: 'Kildemoes Logic' });
  await expect(card.getByText(bike.frameNumber)).toBeVisible();
  const facts = card.getByRole('list', { name: 'Registreringen' });
  await expect(facts.getByText(/^Registreret /)).toBeVisible();
  await expect(facts.getByText('Aktiv registrering')).toBeVisible();
  await expect(facts.getByText('Ejer ikke bekræftet')).toBeVisible();
  expect(await page.content()).not.toContain(bike.privatePictureId);
  await expectNoAxeViolations(page);
  await screenshots(page, 'org-search-results');
});
