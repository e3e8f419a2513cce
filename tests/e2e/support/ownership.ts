import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Download, expect } from '@playwright/test';
import daBike from '../../../src/i18n/da/bike.json' with { type: 'json' };
import daBikeCard from '../../../src/i18n/da/bike-card.json' with { type: 'json' };
import daIdentity from '../../../src/i18n/da/identity.json' with { type: 'json' };
import daMyBikes from '../../../src/i18n/da/my-bikes.json' with { type: 'json' };
import daOwnership from '../../../src/i18n/da/ownership.json' with { type: 'json' };
import enBike from '../../../src/i18n/en/bike.json' with { type: 'json' };
import enBikeCard from '../../../src/i18n/en/bike-card.json' with { type: 'json' };
import enIdentity from '../../../src/i18n/en/identity.json' with { type: 'json' };
import enMyBikes from '../../../src/i18n/en/my-bikes.json' with { type: 'json' };
import enOwnership from '../../../src/i18n/en/ownership.json' with { type: 'json' };
import noBike from '../../../src/i18n/no/bike.json' with { type: 'json' };
import noBikeCard from '../../../src/i18n/no/bike-card.json' with { type: 'json' };
import noIdentity from '../../../src/i18n/no/identity.json' with { type: 'json' };
import noMyBikes from '../../../src/i18n/no/my-bikes.json' with { type: 'json' };
import noOwnership from '../../../src/i18n/no/ownership.json' with { type: 'json' };
import { mailTo } from './mailbox';
import { apiSignUp, type SignedUp } from './session';

// Shared by the ownership journeys (transfer, request): texts from the catalogs, so one test body serves
// da, en and no; a user with a registered bike; the transfer link from the mailbox; a downloaded PDF.

export type Language = 'da' | 'en' | 'no';
type Catalog = Record<string, unknown>;

const CATALOGS: Record<Language, Record<string, Catalog>> = {
  da: { bike: daBike, 'bike-card': daBikeCard, identity: daIdentity, 'my-bikes': daMyBikes, ownership: daOwnership },
  en: { bike: enBike, 'bike-card': enBikeCard, identity: enIdentity, 'my-bikes': enMyBikes, ownership: enOwnership },
  no: { bike: noBike, 'bike-card': noBikeCard, identity: noIdentity, 'my-bikes': noMyBikes, ownership: noOwnership },
};

/** A catalog text as i18next gives it: `namespace:dotted.key`, {{placeholders}} filled, and the plural form for a count. */
export function text(language: Language, key: string, values: Record<string, string | number> = {}): string {
  const [namespace = '', path = ''] = key.split(':');
  const parts = path.split('.');
  const last = parts.pop() ?? '';
  let node: unknown = CATALOGS[language][namespace];
  for (const part of parts) node = (node as Catalog | undefined)?.[part];
  const holder = node as Catalog | undefined;
  let found = holder?.[last];
  if (found === undefined && typeof values.count === 'number') {
    const form = new Intl.PluralRules(language === 'no' ? 'nb' : language).select(values.count);
    found = holder?.[`${last}_${form}`] ?? holder?.[`${last}_other`];
  }
  if (typeof found !== 'string') throw new Error(`No text for ${key} in ${language}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

export const texts = (language: Language) => (key: string, values?: Record<string, string | number>) => text(language, key, values);

export interface OwnerWithBike {
  owner: SignedUp;
  bikeId: string;
  frameNumber: string;
}

/** A new user (in `language`) with one registered bike: a redeemed voucher pays for it. */
export async function ownerWithBike(
  request: APIRequestContext,
  bike: Record<string, unknown>,
  signup: Record<string, unknown> = {},
): Promise<OwnerWithBike> {
  const owner = await apiSignUp(request, signup);
  const headers = { authorization: `Bearer ${owner.token}` };
  const redeem = await request.post('/api/webshop/vouchers/redeem', { headers, data: { code: 'DEMO-BIKE-2026' } });
  expect(redeem.status(), await redeem.text()).toBe(200);
  const frameNumber = `WOT${randomUUID().replace(/\D/g, '').slice(0, 7)}Z`;
  const created = await request.post('/api/bikes/', { headers, data: { frame_number: frameNumber, ...bike } });
  expect(created.status(), await created.text()).toBe(201);
  return { owner, bikeId: ((await created.json()) as { id: string }).id, frameNumber };
}

/** The receive-bike link (path and query) in the newest transfer mail to `to`; waits for it to arrive. */
export async function transferLink(request: APIRequestContext, to: string, skip: string[] = []): Promise<string> {
  const pattern = /https?:\/\/[^\s/]+(\/app\/my-bikes\/receive-bike\?[^\s"<]+)/;
  let link = '';
  await expect
    .poll(
      async () => {
        for (const mail of await mailTo(request, to)) {
          const found = pattern.exec(mail.text)?.[1]?.replace(/&amp;/g, '&');
          if (found && !skip.includes(found)) {
            link = found;
            return true;
          }
        }
        return false;
      },
      { message: `a transfer mail to ${to}` },
    )
    .toBe(true);
  return link;
}

/** The first bytes of a download: a PDF starts with %PDF. */
export async function downloadStart(download: Download): Promise<string> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    if (Buffer.concat(chunks).length >= 8) break;
  }
  return Buffer.concat(chunks).subarray(0, 5).toString('latin1');
}
