import { type APIRequestContext, expect } from '@playwright/test';
import { apiLogin, DEMO } from './session';

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
