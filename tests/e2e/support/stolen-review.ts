import { type APIRequestContext, expect } from '@playwright/test';
import sharp from 'sharp';
import { uniqueFrameNumber } from './screenshots';
import { apiLogin, apiSignUp, DEMO } from './session';

// The public stolen-bike map shows a report only once staff approved it (issue 14): journeys that need a newly
// reported bike on the map approve its report through the backoffice's API, as the demo staff member.

/** Approves the open stolen report of `bikeId` (found by its frame number) for the public map. */
export async function approveStolenReport(request: APIRequestContext, bikeId: string, frameNumber: string): Promise<void> {
  const token = await apiLogin(request, DEMO.staff.email, DEMO.staff.password);
  const headers = { authorization: `Bearer ${token}` };
  const list = await request.get(`/api/backoffice/stolen-reports?q=${encodeURIComponent(frameNumber)}`, { headers });
  expect(list.status(), await list.text()).toBe(200);
  const items = ((await list.json()) as { items: { id: string; bike_id: string }[] }).items;
  const report = items.find((item) => item.bike_id === bikeId);
  expect(report, `no open stolen report of ${bikeId}`).toBeDefined();
  const approved = await request.post(`/api/backoffice/stolen-reports/${report?.id}/approve`, { headers });
  expect(approved.status(), await approved.text()).toBe(200);
}

function localTime(hoursAgo: number): string {
  const at = new Date(Date.now() - hoursAgo * 3_600_000);
  const text = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Copenhagen',
    dateStyle: 'short',
    timeStyle: 'short',
    hourCycle: 'h23',
  }).format(at);
  return text.replace(' ', 'T');
}

/** A new owner's bike with a public picture, reported stolen through the API; `reportFrame` is the frame number the report gives. */
export async function reportStolenByApi(request: APIRequestContext, options: { model: string; place: string; reportFrame?: string }) {
  const user = await apiSignUp(request, { chosen_language: 'da', chosen_region: 'dk' });
  const headers = { authorization: `Bearer ${user.token}` };
  const redeem = await request.post('/api/webshop/vouchers/redeem', { headers, data: { code: 'DEMO-BIKE-2026' } });
  expect(redeem.status(), await redeem.text()).toBe(200);
  const frameNumber = uniqueFrameNumber('WSR');
  const created = await request.post('/api/bikes/', {
    headers,
    data: { frame_number: frameNumber, searchable: false, brand_name: 'Gennemsyn', model: options.model },
  });
  expect(created.status(), await created.text()).toBe(201);
  const bikeId = ((await created.json()) as { id: string }).id;
  const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#1f6f8b' } })
    .png()
    .toBuffer();
  const picture = await request.post(`/api/bikes/${bikeId}/pictures`, {
    headers,
    multipart: { kind: 'public', file: { name: 'cykel.png', mimeType: 'image/png', buffer: photo } },
  });
  expect(picture.status(), await picture.text()).toBe(201);
  const report = await request.post('/api/stolen-reports/', {
    headers,
    data: {
      bike_id: bikeId,
      first_name: 'Karen',
      last_name: 'Cyklist',
      email: user.email,
      street_address: 'Nørregade 1',
      city: 'København K',
      zip_code: '1165',
      mobile: '+45 12 34 56 78',
      cpr_number: '0101901234',
      frame_number: options.reportFrame ?? frameNumber,
      bike_category: 'city',
      is_electric: false,
      bike_color: 'blue',
      lock_status: 'locked',
      time_last_seen: localTime(20),
      noted_time: localTime(2),
      place: options.place,
      latitude: 55.6911,
      longitude: 12.5544,
      isCulpritKnown: false,
      isCulpritRecognizable: true,
      culprit_info: 'Høj mand i grøn jakke',
      hasWitness: false,
      isInsured: false,
      bike_price: 6500,
      policeReportRequested: false,
      acknowledgement_payout: true,
      acknowledgement_data_share: true,
      acknowledgement_ownership_transfer: true,
    },
  });
  expect(report.status(), await report.text()).toBe(201);
  return { user, bikeId, frameNumber, name: `Gennemsyn ${options.model}` };
}
