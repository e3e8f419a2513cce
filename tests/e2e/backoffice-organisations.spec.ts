import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { apiSignUp, apiSignUpWithRole, type SignedUp, seedToken, tokenClaims } from './support/session';

// Issue 14, in English: a staff member creates an insurance company with its first admin and adds a member, makes a
// voucher batch, opens a person and sees their audit trail, and finds the changes in the audit log. Then a revisor
// opens the same pages: everything reads, every change is refused (disabled, said so, and 403 from the API).
test.use({ locale: 'en-GB' });

/** A new person in English, with a backoffice role if one is named. */
async function personWithRole(request: APIRequestContext, role: 'staff' | 'revisor' | null): Promise<SignedUp & { partyId: string }> {
  if (role) return apiSignUpWithRole(request, role, 'en');
  const user = await apiSignUp(request, { chosen_language: 'en' });
  return { ...user, partyId: String(tokenClaims(user.token).identity_party_id) };
}

test('staff create an insurance company, add a member, make vouchers, and read a person’s audit trail; a revisor only reads', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const staff = await personWithRole(request, 'staff');
  const firstAdmin = await personWithRole(request, null);
  const member = await personWithRole(request, null);
  const name = `Havn Forsikring ${randomUUID().slice(0, 6)}`;
  await seedToken(page, staff.token);

  await page.goto('/backoffice/organisations');
  // The first page of a run waits for the server to warm up (2 shared cores).
  await expect(page.getByRole('heading', { level: 1, name: 'Organisations' })).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page);

  const create = page.getByRole('region', { name: 'New organisation' });
  await create.getByLabel('Name', { exact: true }).fill(name);
  await create.getByLabel('Type').selectOption('insurance_company');
  await create.getByLabel("Administrator's email").fill('not-an-email');
  await create.getByRole('button', { name: 'Create organisation' }).click();
  // Bad input stays as typed, with the problem said on its field.
  await expect(create.getByText('The email address is not valid')).toBeVisible();
  await expect(create.getByLabel('Name', { exact: true })).toHaveValue(name);
  await create.getByLabel("Administrator's email").fill(firstAdmin.email);
  await create.getByRole('button', { name: 'Create organisation' }).click();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/backoffice\/organisations\/[0-9a-f-]{36}$/);
  const organisationId = page.url().split('/').at(-1) ?? '';
  await expect(page.getByText('Insurance company', { exact: true }).first()).toBeVisible();
  const members = page.getByRole('region', { name: 'Members' });
  await expect(members.getByRole('row', { name: new RegExp(firstAdmin.email) })).toBeVisible();

  // The only admin cannot be made a member: the server says why.
  await members.getByLabel(`Role of ${firstAdmin.email}`).selectOption('member');
  await expect(members.getByRole('alert')).toContainText('An organisation must always have an administrator');
  await expect(members.getByLabel(`Role of ${firstAdmin.email}`)).toHaveValue('admin');

  await members.getByLabel('Email', { exact: true }).fill(member.email);
  await members.getByRole('button', { name: 'Add member' }).click();
  await expect(members.getByRole('row', { name: new RegExp(member.email) })).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText('Member added')).toBeVisible();
  await expect(history.getByText('Organisation created')).toBeVisible();
  await expect(members.getByLabel('Email', { exact: true })).toHaveValue('');

  // Its details and credits: a CVR number, then two credits with a reason.
  const details = page.getByRole('region', { name: 'Details' });
  await details.getByLabel('CVR or organisation number').fill('1234 5678');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details.getByText('Saved.')).toBeVisible();
  await expect(page.getByText('Insurance company · CVR / org. no. 12345678')).toBeVisible();
  const credits = page.getByRole('region', { name: 'Plan and credits' });
  await credits.getByLabel('Number of credits').fill('2');
  await credits.getByLabel('Reason').fill('Pilot agreement');
  await credits.getByRole('button', { name: 'Give credits' }).click();
  await expect(credits.getByText('2 credits given.')).toBeVisible();
  await expect(credits.getByLabel('Reason')).toHaveValue('');
  await expect(history.getByText('Credits given')).toBeVisible();
  await expect(history.getByText('Pilot agreement')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'backoffice-organisation');

  // Vouchers: a batch of three codes.
  await page.getByRole('navigation', { name: 'Backoffice' }).getByRole('link', { name: 'Tools' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tools' })).toBeVisible();
  const vouchers = page.getByRole('region', { name: 'Voucher batches' });
  const label = `Harbour fair ${randomUUID().slice(0, 4)}`;
  await vouchers.getByLabel('Name of the batch').fill(label);
  await vouchers.getByLabel('Number of codes').fill('3');
  await vouchers.getByRole('button', { name: 'Create batch' }).click();
  const batch = page.getByRole('article', { name: `Batch: ${label}` });
  await expect(batch).toBeVisible();
  await expect(batch.locator('.orgs-codes li')).toHaveCount(3);
  await expect(batch.getByText('No code from this batch has been redeemed.')).toBeVisible();
  await expect(vouchers.getByRole('link', { name: label })).toBeVisible();
  await expect(vouchers.getByLabel('Name of the batch')).toHaveValue('');
  await expectNoAxeViolations(page);
  await screenshots(page, 'backoffice-diverse');

  // A person, from the organisation's members: their organisations and their audit trail.
  await page.goto(`/backoffice/organisations/${organisationId}`);
  await page.getByRole('region', { name: 'Members' }).getByRole('link', { name: member.email }).click();
  await expect(page.getByRole('heading', { level: 1, name: member.email })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Organisations' }).getByRole('link', { name })).toBeVisible();
  const trail = page.getByRole('region', { name: 'Audit trail' });
  await expect(trail.getByText('Member added')).toBeVisible();
  await expect(trail.getByRole('link', { name: staff.email })).toBeVisible();
  await expect(page.getByText("Only an administrator can change a user's role.")).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'backoffice-person');

  // The audit log, by person.
  await page.getByRole('navigation', { name: 'Backoffice' }).getByRole('link', { name: 'Audit log' }).click();
  await page.getByRole('searchbox', { name: "Person's email" }).fill(staff.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/email=/);
  await expect(page.getByText('Voucher batch created')).toBeVisible();
  await expect(page.getByText('Member added')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'backoffice-audit-log');

  // A revisor reads the same pages and can change nothing.
  const revisor = await personWithRole(request, 'revisor');
  const context = await browser.newContext({ locale: 'en-GB' });
  const asRevisor = await context.newPage();
  await seedToken(asRevisor, revisor.token);
  await asRevisor.goto(`/backoffice/organisations/${organisationId}`);
  await expect(asRevisor.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(asRevisor.getByText('You can read everything here but not change it').first()).toBeVisible();
  await expect(asRevisor.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await expect(asRevisor.getByRole('button', { name: 'Add member' })).toBeDisabled();
  await expect(asRevisor.getByRole('button', { name: `Remove ${member.email}` })).toBeDisabled();
  await expect(asRevisor.getByLabel(`Role of ${member.email}`)).toBeDisabled();
  await expect(asRevisor.getByRole('button', { name: 'Give credits' })).toBeDisabled();
  await expectNoAxeViolations(asRevisor);
  await screenshots(asRevisor, 'backoffice-organisation-revisor');

  await asRevisor.goto('/backoffice/v2/diverse');
  await expect(asRevisor.getByRole('heading', { level: 1, name: 'Tools' })).toBeVisible();
  await expect(asRevisor.getByRole('link', { name: label })).toBeVisible();
  await expect(asRevisor.getByRole('button', { name: 'Create batch' })).toBeDisabled();
  await expectNoAxeViolations(asRevisor);

  const headers = { authorization: `Bearer ${revisor.token}` };
  const refused = [
    await request.post('/api/backoffice/organisations', {
      headers,
      data: { name: 'Revisor ApS', organisation_type: 'business', admin_email: revisor.email },
    }),
    await request.post(`/api/backoffice/organisations/${organisationId}/members`, { headers, data: { email: revisor.email } }),
    await request.post('/api/backoffice/voucher-batches', { headers, data: { label: 'Not mine', count: 1 } }),
  ];
  expect(refused.map((r) => r.status())).toEqual([403, 403, 403]);
  await context.close();
});
