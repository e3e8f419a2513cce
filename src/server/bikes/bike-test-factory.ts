import type { FastifyInstance } from 'fastify';
import { authed, type TestApp } from '../../../tests/support/test-app.js';
import type { Db } from '../db/client.js';
import { createPlateBatch, type NewPlateBatch } from '../plates/batches.js';
import { addCredits } from '../webshop/service.js';

// Helpers of the bike, plate, search and webshop API tests.

let serial = 0;

/** A fresh frame number in the Danish form (mark, running number, year letter), unique per call. */
export function frameNumber(prefix = 'WBK'): string {
  serial += 1;
  const n = `${Date.now() % 100000}${serial}`.padStart(7, '0').slice(-7);
  return `${prefix}${n}${'ABCDEFGHJKLMNPRSTUVXZ'[serial % 21]}`;
}

/** Free plates in a new batch. */
export async function makePlates(db: Db, count: number, batch: Partial<NewPlateBatch> = {}): Promise<string[]> {
  return (await createPlateBatch(db, { name: 'test', count, ...batch })).ids;
}

export async function giveCredits(db: Db, partyId: string, n = 1): Promise<void> {
  await addCredits(db, partyId, n, 'SINGLE', 'staff');
}

export function api(
  app: FastifyInstance,
  token: string | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const options = {
    method,
    url,
    headers: { 'accept-language': 'en', ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  };
  return app.inject(token ? authed(token, options) : options);
}

/** Registers a bike through the API and answers it (fails the test on anything but 201). */
export async function registered(t: TestApp, token: string, body: Record<string, unknown>) {
  const res = await api(t.app, token, 'POST', '/api/bikes/', body);
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; bike_ownership_id: string; bikekey_id: string | null; frame_number: string | null };
}

/** Every key a public answer about a bike may have (§1: never the owner), sorted. */
export const PUBLIC_BIKE_KEYS = [
  'bikekey_id',
  'brand_id',
  'brand_name',
  'category_id',
  'color_id',
  'frame_number',
  'id',
  'is_electric',
  'model',
  'picture_url',
  'production_year',
  'reported_stolen',
  'thumbnail_url',
  'type_id',
];
