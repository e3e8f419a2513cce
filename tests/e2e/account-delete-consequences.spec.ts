import { expect, test } from '@playwright/test';
import { ownerWithBike } from './support/ownership';
import { apiSignUp, seedToken } from './support/session';

// Before deleting the account, the page says what becomes of the person's bikes (with how many), their
// theft reports and their conversations, as the server does it (identity/profile.ts deleteIdentity).

test('the deletion page says what happens to the bikes, theft reports and conversations', async ({ page, request }) => {
  const { owner } = await ownerWithBike(request, {});
  // A second bike, on a plate that comes with its registration.
  const second = await request.post('/api/bikes/', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { bikekey_id: 'DEMOREG19' },
  });
  expect(second.status(), await second.text()).toBe(201);
  await seedToken(page, owner.token);

  await page.goto('/app/settings/delete-user');
  const consequences = page.getByRole('region', { name: 'Det sker, når du sletter din konto' });
  await expect(consequences).toBeVisible();
  await expect(consequences.getByRole('listitem')).toHaveText([
    'Dine 2 registrerede cykler slettes fra registret med billeder, dokumenter og udstyr. Deres stelnumre og plader kan registreres igen.',
    'Tyverimeldinger, du har indgivet, slettes: cyklerne vises ikke længere som stjålne, heller ikke på kortet over stjålne cykler.',
    'Dine samtaler slutter for dig. Dem, du har skrevet med, beholder dem: dine beskeder står der stadig, men fra »en slettet bruger«, uden din e-mail og dit telefonnummer.',
  ]);
});

test('someone without bikes is told that no bikes are deleted', async ({ page, request }) => {
  const user = await apiSignUp(request);
  await seedToken(page, user.token);
  await page.goto('/app/settings/delete-user');
  const consequences = page.getByRole('region', { name: 'Det sker, når du sletter din konto' });
  await expect(consequences.getByRole('listitem').first()).toHaveText('Du har ingen registrerede cykler, så ingen cykler slettes.');
});
