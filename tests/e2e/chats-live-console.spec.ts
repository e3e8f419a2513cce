import { expect, test } from '@playwright/test';
import { apiSignUp, seedToken } from './support/session';

// The live chat channel opens once a signed-in page shows; a connection given up before it was established
// (a new token, the layout mounting again) must not make the browser warn "WebSocket is closed before the
// connection is established" on the console of every page. React's development build shows it on every page
// load (StrictMode runs the effect twice): run this against one too, `NODE_ENV=development npx vite build
// --outDir /tmp/dev-web` and `WEB_DIR=/tmp/dev-web`; src/web/chats/live.test.ts holds the rule itself.

test('signed-in pages open the live channel without console warnings about closing it too early', async ({ page, request }) => {
  const user = await apiSignUp(request);
  const messages: string[] = [];
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await seedToken(page, user.token);

  for (const path of ['/app', '/app/my-bikes', '/app/chats', '/app/settings', '/app']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  // Moving inside the app without a page load, then leaving it for a public page.
  await page.getByRole('banner').getByRole('link', { name: 'Mine cykler' }).click();
  await expect(page).toHaveURL(/\/app\/my-bikes$/);
  await page.getByRole('banner').getByRole('link', { name: 'Søg' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  expect(sockets.some((url) => url.endsWith('/api/chats/live'))).toBe(true);
  expect(messages.filter((m) => /WebSocket/i.test(m))).toEqual([]);
});
