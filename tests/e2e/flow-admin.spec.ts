import { readFile } from 'node:fs/promises';
import { type Download, expect, type Page, test } from '@playwright/test';
import da from '../../src/i18n/da/flow-admin.json' with { type: 'json' };
import enBackoffice from '../../src/i18n/en/backoffice.json' with { type: 'json' };
import enErrors from '../../src/i18n/en/errors.json' with { type: 'json' };
import en from '../../src/i18n/en/flow-admin.json' with { type: 'json' };
import enFlows from '../../src/i18n/en/flows.json' with { type: 'json' };
import { expectNoAxeViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { apiSignUp, apiSignUpWithRole, seedToken } from './support/session';

// Flows in the backoffice and the survey admin panel (issue 16): staff create a flow, are told what is wrong with a
// broken definition (path and reason), fix it, publish it; a visitor answers; staff see the answer and download the
// CSV; the survey panel draws the answers as bars and exports them too; the revisor reads but changes nothing; a
// private user is turned away from the panel.

const fill = (text: string, values: Record<string, string | number> = {}) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
const words = (da: string, en: string, no: string) => ({ da, en, no });

function definition(memo: string, broken = false) {
  return {
    memo,
    title: words('Cykelvaner', 'Riding habits', 'Sykkelvaner'),
    steps: [
      {
        memo: 'ride',
        title: words('Din tur', 'Your ride', 'Din tur'),
        fields: [
          {
            memo: 'mode',
            kind: 'choice',
            required: true,
            label: words('Hvad kører du på?', 'What do you ride?', 'Hva sykler du på?'),
            options: [
              { value: 'bike', label: words('Cykel', 'Bike', 'Sykkel') },
              { value: 'ebike', label: words('Elcykel', 'E-bike', 'Elsykkel') },
            ],
          },
          { memo: broken ? 'mode' : 'note', kind: 'text', label: words('Kommentar', 'Comment', 'Kommentar') },
        ],
        ...(broken ? { next: 'nowhere' } : {}),
      },
    ],
    end: { title: words('Tak', 'Thank you', 'Takk') },
  };
}

async function csvOf(download: Download): Promise<string[]> {
  const text = await readFile(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text.slice(1).split('\r\n');
}

async function noOverflow(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('staff write, fix and publish a survey flow; its answers are seen, charted and exported; the revisor only reads', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const memo = `survey.e2e-${Math.random().toString(36).slice(2, 8)}`;
  const staff = await apiSignUpWithRole(request, 'staff', 'en');
  await seedToken(page, staff.token);

  // A new flow from the list: a starter draft opens in the editor.
  await page.goto('/backoffice/flows');
  await page.getByRole('navigation', { name: enBackoffice.nav.label }).getByRole('link', { name: enBackoffice.nav.flows }).waitFor();
  await page.getByLabel(en.list.memo).fill(memo);
  await page.getByRole('button', { name: en.list.create }).click();
  await expect(page).toHaveURL(new RegExp(`/backoffice/flows/${memo.replace('.', '\\.')}$`));
  const editor = page.getByLabel(en.editor.definition);
  await expect(editor).toHaveValue(/"memo": "start"/);

  // A broken definition: saving names each problem with its path and reason, and keeps what was typed.
  const broken = JSON.stringify(definition(memo, true), null, 2);
  await editor.fill(broken);
  await page.getByRole('button', { name: en.editor.save }).click();
  const problems = page.locator('.flows-problems');
  await expect(problems).toContainText(`steps.0.fields.1.memo: ${enErrors.duplicate_field_memo}`);
  await expect(problems).toContainText(`steps.0.next: ${enErrors.missing_jump_target}`);
  await expect(editor).toHaveValue(broken);
  await expectNoAxeViolations(page);
  await screenshots(page, 'flow-admin-editor-problems');
  // Not JSON at all: said before anything is sent.
  await editor.fill(`${broken}}`);
  await page.getByRole('button', { name: en.editor.check }).click();
  await expect(page.getByRole('alert').filter({ hasText: fill(en.editor.jsonInvalid, { reason: '' }) })).toBeVisible();

  // What is typed survives a reload before it is saved.
  await editor.fill(broken);
  await page.reload();
  await expect(page.getByLabel(en.editor.definition)).toHaveValue(broken);
  await expect(page.getByText(en.editor.unsaved)).toBeVisible();

  // Fixed, checked, saved and published.
  await page.getByLabel(en.editor.definition).fill(JSON.stringify(definition(memo), null, 2));
  await page.getByRole('button', { name: en.editor.check }).click();
  await expect(page.getByText(en.editor.sound)).toBeVisible();
  await page.getByRole('button', { name: en.editor.save }).click();
  await expect(page.getByText(en.editor.unsaved)).toBeHidden();

  // The preview walks the draft as a visitor would, with the step's checks, and sends nothing.
  await page.getByRole('button', { name: en.editor.preview }).click();
  const preview = page.getByRole('region', { name: en.editor.previewLabel });
  await expect(preview.getByRole('heading', { name: 'Your ride' })).toBeVisible();
  await preview.getByRole('button', { name: enFlows.send }).click();
  await expect(preview.getByText(enErrors.field_required)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'flow-admin-preview');
  await preview.getByLabel('Bike', { exact: true }).check();
  await preview.getByRole('button', { name: enFlows.send }).click();
  await expect(preview.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await expect(preview.getByText(en.editor.previewEnd)).toBeVisible();
  await page.getByRole('button', { name: en.editor.publish }).click();
  const dialog = page.getByRole('dialog', { name: en.editor.publishTitle });
  await dialog.getByRole('button', { name: en.editor.publish }).click();
  await expect(page.getByRole('cell', { name: en.status.published })).toBeVisible();
  await expect(page.getByRole('button', { name: en.detail.retire })).toBeVisible();

  // Visitors answer through the flow's public call.
  for (const answers of [{ mode: 'bike', note: '=cmd|calc' }, { mode: 'ebike' }]) {
    const sent = await request.post(`/api/flows/${memo}/responses`, { data: { version: 1, answers, language: 'en' } });
    expect(sent.status(), await sent.text()).toBe(201);
  }

  // Staff see the answers and download them as CSV.
  await page.reload();
  await expect(page.getByText(fill(en.answers.count_other, { count: 2 }))).toBeVisible();
  await expect(page.getByRole('cell', { name: en.answers.visitor }).first()).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: en.answers.csv }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${memo.replace('.', '\\.')}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const lines = await csvOf(download);
  expect(lines[0]).toBe('submitted_at,version,language,respondent,mode,note,result');
  expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z,1,en,visitor,bike,'=cmd\|calc,$/);
  expect(lines[2]).toMatch(/,1,en,visitor,ebike,,$/);
  await noOverflow(page);
  await expectNoAxeViolations(page);
  await screenshots(page, 'flow-admin-detail');

  // The survey panel: answers per day as bars, per option, and the same CSV.
  await page.goto(`/survey/admin-panel?survey=${memo}`);
  await expect(page.getByRole('heading', { level: 1, name: en.panel.title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Riding habits' })).toBeVisible();
  const days = page.getByRole('list', { name: en.panel.perDay });
  await expect(days.getByRole('listitem')).toHaveCount(30);
  await expect(days.getByText(/: 2$/)).toHaveCount(1);
  const options = page.locator('.survey-panel-options');
  // Each option's bar with its count written beside it.
  await expect(options.locator('div')).toHaveText(['Bike1', 'E-bike1']);
  const [panelDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: en.answers.csv }).click()]);
  expect((await csvOf(panelDownload)).filter(Boolean)).toHaveLength(3);
  // A filter goes into the address.
  await page.getByLabel(en.answers.version).selectOption('1');
  await page.getByRole('button', { name: en.answers.apply }).click();
  await expect(page).toHaveURL(/[?&]version=1(&|$)/);
  await expect(page.getByText(fill(en.panel.responses_other, { count: 2 })).last()).toBeVisible();
  await noOverflow(page);
  await expectNoAxeViolations(page);
  await screenshots(page, 'flow-admin-survey-panel');

  // The revisor reads the flow but has no button to change it.
  const revisor = await apiSignUpWithRole(request, 'revisor', 'en');
  const revisorPage = await browser.newPage();
  await seedToken(revisorPage, revisor.token);
  await revisorPage.goto(`/backoffice/flows/${memo}`);
  await expect(revisorPage.getByText(fill(en.answers.count_other, { count: 2 }))).toBeVisible();
  for (const name of [en.detail.retire, en.detail.newDraft, en.editor.save, en.editor.publish]) {
    await expect(revisorPage.getByRole('button', { name })).toHaveCount(0);
  }
  await revisorPage.goto('/backoffice/flows');
  await expect(revisorPage.getByRole('link', { name: 'Riding habits' })).toBeVisible();
  await expect(revisorPage.getByLabel(en.list.memo)).toHaveCount(0);
  await revisorPage.close();

  // A private user is told (in Danish, the page's first language) that the panel is not for them.
  const someone = await apiSignUp(request);
  const privatePage = await browser.newPage();
  await seedToken(privatePage, someone.token);
  await privatePage.goto('/survey/admin-panel');
  await expect(privatePage.getByRole('heading', { level: 1, name: da.panel.notForYou })).toBeVisible();
  await privatePage.close();
});
