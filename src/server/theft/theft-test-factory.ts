import { expect } from 'vitest';
import { complete } from '../../../tests/support/eid.js';
import type { SignedUpUser, TestApp } from '../../../tests/support/test-app.js';
import { api } from '../bikes/bike-test-factory.js';
import { organisations, parties } from '../db/schema.js';

// Helpers of the theft API tests: a complete report body, filing it, an insurance company in the
// register, and the national ID approval of reporting a bike found (autotest accounts approve at once).

/** A local date-time (datetime-local form) `hoursAgo` hours before now, in the owner's zone (Copenhagen). */
export function localTime(hoursAgo: number): string {
  const at = new Date(Date.now() - hoursAgo * 3_600_000);
  // sv-SE writes YYYY-MM-DD HH:mm.
  const text = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Copenhagen',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return text.replace(' ', 'T');
}

export const CPR = '0101901234';

/** Every field of a complete report of `bikeId`; `overrides` replace or (with undefined) remove fields. */
export function reportBody(bikeId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    bike_id: bikeId,
    first_name: 'Anna',
    last_name: 'Jensen',
    email: 'anna.jensen@example.dk',
    street_address: 'Nørregade 1',
    city: 'København K',
    zip_code: '1165',
    mobile: '+45 12 34 56 78',
    telephone: '33 12 34 56',
    floor: '3',
    side: 'th',
    door: '',
    cpr_number: '010190-1234',
    frame_number: 'WBK1234567A',
    bike_category: 'city',
    is_electric: true,
    battery_location: 'possession',
    bike_color: 'black',
    lock_status: 'locked_to_object',
    time_last_seen: localTime(20),
    noted_time: localTime(2),
    place: 'Nørreport Station, cykelparkeringen',
    latitude: 55.683312,
    longitude: 12.571734,
    location_id: 'ignored',
    isCulpritKnown: false,
    isCulpritRecognizable: true,
    culprit_info: 'Tall man in a red jacket',
    hasWitness: true,
    witnesses: 'A kiosk clerk saw it',
    isInsured: false,
    insurance_company: null,
    bike_price: '7 500',
    policeReportRequested: true,
    acknowledgement_payout: true,
    acknowledgement_data_share: true,
    acknowledgement_ownership_transfer: true,
    unlockedSteps: ['personal-info', 'insurance'],
    ...overrides,
  };
}

export function fileReport(t: TestApp, user: SignedUpUser, body: Record<string, unknown>, language = 'en') {
  return api(t.app, user.token, 'POST', '/api/stolen-reports/', body, { 'accept-language': language });
}

/** Files a complete report (201 expected) and answers it. */
export async function reportStolen(t: TestApp, user: SignedUpUser, bikeId: string, overrides: Record<string, unknown> = {}) {
  const res = await fileReport(t, user, reportBody(bikeId, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Record<string, unknown>;
}

/** An organisation of the register (an insurance company unless told otherwise); answers its party id. */
export async function makeOrganisation(t: TestApp, name: string, type: 'insurance_company' | 'business' = 'insurance_company') {
  const [party] = await t.database.db.insert(parties).values({ kind: 'organisation' }).returning();
  if (!party) throw new Error('party insert returned nothing');
  await t.database.db.insert(organisations).values({ partyId: party.id, name, organisationType: type });
  return party.id;
}

/** An approval of report_found for this bike by the user (an autotest account). */
export async function foundApproval(t: TestApp, user: SignedUpUser, bikeId: string): Promise<string> {
  const res = await complete(t.app, user.token, {
    verification_session_type: 'approve',
    act: 'report_found',
    subject_id: bikeId,
    verification_type: 'mitid',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().session_task_result.approval_id as string;
}

export function reportFoundCall(t: TestApp, user: SignedUpUser, bikeId: string, approvalId?: string) {
  return api(t.app, user.token, 'POST', `/api/bikes/${bikeId}/found-reports/`, {}, approvalId ? { 'x-approval-id': approvalId } : {});
}
