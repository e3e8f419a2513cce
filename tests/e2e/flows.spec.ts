import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { apiSignUp, seedToken } from './support/session';

// Issue 16, flows: the demo flow "Tell us about a bike you found" (seed/demo-flows.ts) filled in by a visitor at its
// top-level address, through a reload midway; a required field left empty; a signed-in person's draft finished in
// another browser; and the /{region}/* catch-all.

const MEMO = 'demo.found-a-bike';

async function noOverflow(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a visitor fills in the demo flow, reloads midway, and finishes', async ({ page }) => {
  await page.goto(`/${MEMO}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hvor og hvornår');
  await expect(page).toHaveURL(new RegExp(`/flows/${MEMO}/where$`));
  await expectNoAxeViolations(page);

  // A required field left empty: the error in Danish, on the field.
  await page.getByRole('button', { name: 'Næste' }).click();
  await expect(page.getByLabel('Hvornår så du cyklen?')).toHaveAccessibleDescription(/Udfyld|påkrævet|skal/i);
  await page.getByLabel('Hvornår så du cyklen?').fill('2025-03-01');
  await page.getByLabel('Hvor står den?').fill('Ved Nørreport station');
  // The address is whole with its place on the map too.
  await page.getByRole('button', { name: 'Næste' }).click();
  await expect(page.getByLabel('Hvor står den?')).toHaveAccessibleDescription(/Vælg også stedet på kortet/);
  await page.getByRole('button', { name: 'Sæt nålen midt på kortet' }).click();
  await screenshots(page, 'flows-step-1');
  await noOverflow(page);
  await page.getByRole('button', { name: 'Næste' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cyklen');
  await page.getByLabel('Rød').check();
  // show_if: the lock's kind only when it is locked.
  await expect(page.getByText('Hvilke låse?')).toHaveCount(0);
  await page.getByRole('group', { name: 'Er den låst?' }).getByLabel('Ja').check();
  await expect(page.getByText('Hvilke låse? (valgfri)')).toBeVisible();
  await page.getByLabel('Kæde eller wire').check();

  // A reload keeps the answers and the step.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cyklen');
  await expect(page.getByLabel('Rød')).toBeChecked();
  await expect(page.getByLabel('Kæde eller wire')).toBeChecked();
  await expectNoAxeViolations(page);
  await screenshots(page, 'flows-step-2');

  // The jump: no plate skips the plate step.
  await page.getByRole('group', { name: 'Har den en plade med QR-kode?' }).getByLabel('Nej').check();
  await page.getByRole('button', { name: 'Næste' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tak for hjælpen');
  await page.getByLabel('Andet, vi bør vide?').fill('Forhjulet mangler');
  const picture = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
  await page.getByLabel('Et billede af cyklen (valgfri)').setInputFiles({ name: 'cykel.png', mimeType: 'image/png', buffer: picture });
  await expect(page.getByRole('img', { name: 'Det valgte billede' })).toBeVisible();
  await page.getByLabel(/Jeg giver lov/).check();
  await expectNoAxeViolations(page);
  await screenshots(page, 'flows-step-4');
  await page.getByRole('button', { name: 'Send' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tak! Vi har fået dine oplysninger');
  await expectNoAxeViolations(page);
  await screenshots(page, 'flows-end');
  // Sent: the draft is gone.
  await page.goto(`/flows/${MEMO}`);
  await expect(page.getByLabel('Hvor står den?')).toHaveValue('');
  await expect(page.getByText('Dine svar gemmes i denne browser.')).toHaveCount(0);
});

test('a later step opened directly goes to the first one still open; an unknown memo is the 404 page', async ({ page }) => {
  await page.goto(`/flows/${MEMO}/contact`);
  await expect(page).toHaveURL(new RegExp(`/flows/${MEMO}/where$`));
  // A reset clears what was typed.
  await page.getByLabel('Hvornår så du cyklen?').fill('2025-05-05');
  await page.getByRole('button', { name: 'Start forfra' }).click();
  await expect(page.getByLabel('Hvornår så du cyklen?')).toHaveValue('');
  await page.reload();
  await expect(page.getByLabel('Hvornår så du cyklen?')).toHaveValue('');
  await page.goto('/flows/demo.no-such-flow');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Siden findes ikke');
  await page.goto('/no-such.page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Siden findes ikke');
});

test('what only the server can check is shown on its field: a picture it does not have', async ({ page }) => {
  const answers = {
    found_on: '2025-03-01',
    place: { label: 'Ved Nørreport', latitude: 55.683, longitude: 12.571 },
    color: 'red',
    locked: 'no',
    has_plate: 'no',
    photo: '0b6f5c8e-3f0a-4c1e-9d55-3c2f1a9b7e10',
    consent: true,
  };
  const draft = { state: { drafts: { [MEMO]: { version: 1, answers, step: 'contact', savedAt: new Date().toISOString() } } }, version: 1 };
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('e2e-flow-seeded')) {
      localStorage.setItem('flow-drafts', value);
      sessionStorage.setItem('e2e-flow-seeded', '1');
    }
  }, JSON.stringify(draft));
  await page.goto(`/flows/${MEMO}/contact`);
  await expect(page.getByText('Billedet er sendt.')).toBeVisible();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByLabel('Et billede af cyklen (valgfri)')).toHaveAccessibleDescription(/Ugyldig værdi|ugyldig/i);
  await expectNoAxeViolations(page);
});

test('in English, and a signed-in person’s draft is finished in another browser', async ({ browser, request, baseURL }) => {
  const user = await apiSignUp(request);
  const first = await browser.newContext();
  await first.addCookies([{ name: 'lang', value: 'en', url: baseURL ?? '' }]);
  const phone = await first.newPage();
  await seedToken(phone, user.token);
  await phone.goto(`/flows/${MEMO}`);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Where and when');
  await phone.getByLabel('When did you see the bike?').fill('2025-04-02');
  await phone.getByLabel('Where is it?').fill('Outside the library');
  await phone.getByRole('button', { name: 'Put the pin at the centre of the map' }).click();
  await expect(phone.getByText('Your answers are kept on your account')).toBeVisible();
  await phone.getByRole('button', { name: 'Next' }).click();
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('The bike');
  await phone.getByLabel('Red').check();
  // The server has it once typing rests.
  const serverDraft = async () => {
    const res = await request.get(`/api/flows/${MEMO}/draft`, { headers: { authorization: `Bearer ${user.token}` } });
    return res.ok() ? ((await res.json()) as { current_step: string; answers: Record<string, unknown> }) : null;
  };
  await expect.poll(async () => (await serverDraft())?.answers.color).toBe('red');
  expect((await serverDraft())?.current_step).toBe('bike');
  await first.close();

  // Another device: the server's draft, at the step it reached; finished there.
  const second = await browser.newContext();
  const desktop = await second.newPage();
  await seedToken(desktop, user.token);
  await desktop.goto(`/flows/${MEMO}`);
  await expect(desktop.getByRole('heading', { level: 1 })).toHaveText('Cyklen');
  await expect(desktop.getByLabel('Rød')).toBeChecked();
  await desktop.getByRole('button', { name: 'Tilbage' }).click();
  await expect(desktop.getByLabel('Hvor står den?')).toHaveValue('Outside the library');
  await expect(desktop.getByLabel('Hvornår så du cyklen?')).toHaveValue('2025-04-02');
  await desktop.getByRole('button', { name: 'Næste' }).click();
  await desktop.getByRole('group', { name: 'Er den låst?' }).getByLabel('Nej').check();
  await desktop.getByRole('group', { name: 'Har den en plade med QR-kode?' }).getByLabel('Nej').check();
  await desktop.getByRole('button', { name: 'Næste' }).click();
  await desktop.getByLabel(/Jeg giver lov/).check();
  await desktop.getByRole('button', { name: 'Send' }).click();
  await expect(desktop.getByRole('heading', { level: 1 })).toHaveText('Tak! Vi har fået dine oplysninger');
  // Sent: the server's draft is gone.
  expect(await serverDraft()).toBeNull();
  await second.close();
});

test('/no/<path> shows the page in region no', async ({ page, context }) => {
  await page.goto(`/no/flows/${MEMO}`);
  await expect(page).toHaveURL(new RegExp(`/flows/${MEMO}/where$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hvor og hvornår');
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'region')?.value).toBe('no');
  await page.goto('/dk');
  await expect(page).toHaveURL(/\/$/);
  expect((await context.cookies()).find((c) => c.name === 'region')?.value).toBe('dk');
});
