import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { mailTo } from './support/mailbox';
import { screenshots } from './support/screenshots';
import { apiLogin, DEMO, sessionJson, uniqueEmail } from './support/session';

// The newsletter (issue 15): a visitor signs up on /signup/newsletter, confirms from the mailbox, staff send a
// newsletter from /backoffice/v2/diverse, and the visitor unsubscribes with one click from that mail.

test('sign up, confirm by mail, get the newsletter staff send, and unsubscribe with one click', async ({ page, request }) => {
  const email = uniqueEmail('nyhedsbrev');
  const mark = email.slice(11, 19);
  await page.goto('/signup/newsletter');
  await expect(page.getByRole('heading', { level: 1, name: 'Cykelregistrets nyhedsbrev' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Hvor ofte?' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'newsletter-signup');

  // Without the consent the form says so and keeps what was typed.
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Tilmeld' }).click();
  await expect(page.getByText('Sæt kryds for at give dit samtykke til nyhedsbrevet')).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  await page.getByLabel('Ja tak, send mig Cykelregistrets nyhedsbrev på e-mail', { exact: false }).check();
  await page.getByRole('button', { name: 'Tilmeld' }).click();
  await expect(page.getByRole('heading', { name: 'Tjek din e-mail' })).toBeVisible();
  await expect(page.getByText(`Hvis ${email} ikke allerede er tilmeldt`, { exact: false })).toBeVisible();

  // The confirmation link from the mailbox.
  let confirmPath = '';
  await expect
    .poll(async () => {
      const mail = (await mailTo(request, email)).find((m) => m.subject === 'Bekræft dit abonnement på nyhedsbrevet');
      confirmPath = mail?.text.match(/https?:\/\/[^\s/]+(\/newsletter\/confirm\?token=[\w-]+)/)?.[1] ?? '';
      return confirmPath;
    })
    .not.toBe('');
  await page.goto(confirmPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Din tilmelding er bekræftet' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Staff write, preview and send the newsletter.
  const staffToken = await apiLogin(request, DEMO.staff.email, DEMO.staff.password);
  await page.evaluate((value) => localStorage.setItem('session', value), sessionJson(staffToken));
  await page.goto('/backoffice/v2/diverse#newsletter');
  const section = page.getByRole('region', { name: 'Nyhedsbrev' });
  await expect(section.getByRole('heading', { name: 'Nyhedsbrev' })).toBeVisible({ timeout: 30_000 });
  const subject = `Forårsnyt ${mark}`;
  const texts = {
    Dansk: [subject, 'Husk at låse cyklen.\n\nGod tur!'],
    English: [`Spring news ${mark}`, 'Lock your bike.'],
    Norsk: [`Vårnytt ${mark}`, 'Lås sykkelen.'],
  };
  for (const [language, [s, body]] of Object.entries(texts)) {
    const column = section
      .locator('div')
      .filter({ has: page.getByRole('heading', { level: 3, name: language }) })
      .last();
    await column.getByLabel('Emne').fill(s ?? '');
    await column.getByLabel('Tekst').fill(body ?? '');
  }
  await section.getByRole('button', { name: 'Vis eksempel' }).click();
  const preview = section.getByRole('region', { name: /Sådan ser det ud/ });
  await expect(preview.getByText(subject)).toBeVisible();
  await expect(preview.getByText('Afmeld med ét klik', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'newsletter-backoffice');
  await section.getByRole('button', { name: 'Send nyhedsbrevet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send nyhedsbrevet?' });
  await dialog.getByRole('button', { name: 'Send nyhedsbrevet' }).click();
  await expect(section.getByText(/Nyhedsbrevet er sendt til \d+ abonnent/)).toBeVisible();

  // The newsletter arrives with its one-click headers and its own unsubscribe link.
  let unsubscribePath = '';
  await expect
    .poll(async () => {
      const mail = (await mailTo(request, email)).find((m) => m.subject === subject);
      if (!mail) return '';
      expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.headers['List-Unsubscribe']).toMatch(/^<https?:\/\/[^>]+\/api\/newsletter\/unsubscribe\/[\w-]+>$/);
      unsubscribePath = mail.text.match(/https?:\/\/[^\s/]+(\/newsletter\/unsubscribe\?token=[\w-]+)/)?.[1] ?? '';
      return unsubscribePath;
    })
    .not.toBe('');

  // The visitor (signed out) unsubscribes with one click.
  await page.evaluate(() => localStorage.removeItem('session'));
  await page.goto(unsubscribePath);
  await expect(page.getByRole('heading', { level: 1, name: 'Afmeld nyhedsbrevet' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Afmeld nyhedsbrevet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Du er afmeldt' })).toBeVisible();
  await screenshots(page, 'newsletter-unsubscribed');
});

test('the sleek sign-up asks only for the address and the consent', async ({ page }) => {
  await page.goto('/signup/newsletter-sleek');
  await expect(page.getByRole('heading', { level: 1, name: 'Tilmeld nyhedsbrevet' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Sprog i nyhedsbrevet')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, 'newsletter-sleek');
  await page.getByLabel('E-mail', { exact: true }).fill(uniqueEmail('sleek-nyhed'));
  await page.getByLabel('Ja tak, send mig Cykelregistrets nyhedsbrev på e-mail', { exact: false }).check();
  await page.getByRole('button', { name: 'Tilmeld' }).click();
  await expect(page.getByRole('heading', { name: 'Tjek din e-mail' })).toBeVisible();
});
