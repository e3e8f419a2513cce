import { type APIRequestContext, expect } from '@playwright/test';

// Reads mail from the development mailbox (GET /api/dev/mailbox, outside production).

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. a newsletter's List-Unsubscribe and List-Unsubscribe-Post. */
  headers: Record<string, string>;
  created_at: string;
}

export async function mailTo(request: APIRequestContext, to: string): Promise<Mail[]> {
  const response = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Mail[];
}

/**
 * The link to `route` (e.g. /verify-email or /reset-password) in the newest mail to `to` that has one,
 * as a path with its query; waits for the mail to arrive. `skip` ignores links already used.
 */
export async function newestLink(
  request: APIRequestContext,
  to: string,
  route: '/verify-email' | '/reset-password',
  skip: string[] = [],
): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s/]+(${route.replace('/', '\\/')}\\?[^\\s"<]+)`);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        for (const mail of await mailTo(request, to)) {
          const found = pattern.exec(mail.text)?.[1];
          if (found && !skip.includes(found)) {
            link = found;
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${to} with a ${route} link` },
    )
    .toBe(true);
  return link as string;
}
