import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { apiLogin, apiSignUp, apiSignUpWithRole, DEMO, seedToken } from './support/session';
import { reportStolenByApi } from './support/stolen-review';
import { giveAddress } from './support/webshop';

// Issue 14, §6: the revisor reads everything and changes nothing. Every page of the working day shows them the work
// as staff see it, says once that they only read, and offers no button the server would refuse (403).

test('a revisor reads the plates, stolen reports, proofs, ownership checks, a support ticket and an order without change buttons', async ({
  page,
  request,
}) => {
  const staff = { authorization: `Bearer ${await apiLogin(request, DEMO.staff.email, DEMO.staff.password)}` };
  const batch = await request.post('/api/backoffice/plates/batches', {
    headers: staff,
    data: { name: 'Revisor batch', kind: 'standard', count: 2 },
  });
  expect(batch.status(), await batch.text()).toBe(201);
  const batchId = ((await batch.json()) as { id: string }).id;
  const stolen = await reportStolenByApi(request, { model: 'Revision', place: 'Nørrebrogade 10, 2200 København N' });
  const writer = await apiSignUp(request);
  const written = await request.post('/api/support/chat/messages', {
    headers: { authorization: `Bearer ${writer.token}` },
    data: { content: 'Where is my plate?' },
  });
  expect(written.status(), await written.text()).toBe(201);
  const conversation = await request.get('/api/support/chat', { headers: { authorization: `Bearer ${writer.token}` } });
  const ticketId = ((await conversation.json()) as { ticket_id: string }).ticket_id;
  await giveAddress(request, writer.token);
  const order = await request.post('/api/webshop/orders/stripe', {
    headers: { authorization: `Bearer ${writer.token}` },
    data: { family: 'plates', lines: [{ product: 'extra_plate', quantity: 1 }] },
  });
  expect(order.status(), await order.text()).toBe(201);

  const revisor = await apiSignUpWithRole(request, 'revisor', 'en');
  await seedToken(page, revisor.token);
  const readOnly = page.getByText('You can read everything here but not change it');

  await page.goto('/backoffice/plates');
  await expect(page.getByRole('heading', { level: 1, name: 'Plates' })).toBeVisible();
  await expect(readOnly).toBeVisible();
  await expect(page.getByRole('link', { name: 'Revisor batch' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New batch' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, 'backoffice-revisor-plates');

  await page.goto(`/backoffice/plates/batches/${batchId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Revisor batch' })).toBeVisible();
  await expect(readOnly).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Give plates to an organisation' })).toHaveCount(0);

  await page.goto(`/backoffice/v2/stolen-bikes?q=${stolen.frameNumber}`);
  await expect(page.getByText(stolen.frameNumber).first()).toBeVisible();
  await expect(readOnly).toBeVisible();
  await expect(page.getByRole('button', { name: /Approve|Hide|Merge/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goto('/backoffice/v2/insurance-verification');
  await expect(page.getByRole('heading', { level: 1, name: 'Review one at a time' })).toBeVisible();
  await expect(readOnly).toBeVisible();
  await expect(page.getByRole('button', { name: /Open the next one/ })).toHaveCount(0);

  await page.goto('/backoffice/ownership-verifications');
  await expect(readOnly).toBeVisible();
  await expect(page.getByRole('button', { name: /Reject/ })).toHaveCount(0);

  await page.goto(`/backoffice/tickets/${ticketId}`);
  await expect(page.getByText('Where is my plate?')).toBeVisible();
  await expect(readOnly).toBeVisible();
  await expect(page.getByRole('button', { name: /Send answer|Close ticket|Assign to me/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, 'backoffice-revisor-ticket');

  await page.goto(`/backoffice/v2/orders?status=pending&q=${encodeURIComponent(writer.email)}`);
  await page.getByRole('table').getByRole('row').nth(1).getByRole('link').click();
  await expect(readOnly).toBeVisible();
  await expect(page.getByRole('button', { name: /Refund|Cancel/ })).toHaveCount(0);
});
