import * as z from 'zod/mini';
import { type LOCK_COMMAND_KINDS, LOCK_REPORTED_STATES } from './docks.js';

// What a lock's device and the server say to each other over GET /api/devices/locks/live (issue 16; see
// ARCHITECTURE.md "Docks"). The device's first frame is `hello` with its lock id and secret; the server answers
// `welcome` or closes with 4401. Afterwards the socket speaks only for that lock. `seq` counts the device's reports
// from 1 in each connection (hello is 0); a report not newer than the last applied is ignored.

const state = z.enum(LOCK_REPORTED_STATES);
const seq = z.number().check(z.int(), z.nonnegative());

export const deviceFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    lock_id: z.string().check(z.maxLength(64)),
    secret: z.string().check(z.maxLength(256)),
    firmware: z.optional(z.string().check(z.maxLength(64))),
    state,
  }),
  z.object({ type: z.literal('state'), seq, state }),
  z.object({ type: z.literal('ack'), command_id: z.string().check(z.maxLength(64)) }),
  z.object({
    type: z.literal('result'),
    command_id: z.string().check(z.maxLength(64)),
    ok: z.boolean(),
    error: z.optional(z.string().check(z.maxLength(200))),
  }),
  z.object({ type: z.literal('heartbeat'), seq }),
  z.object({ type: z.literal('alarm'), kind: z.literal('tamper') }),
]);
export type DeviceFrame = z.infer<typeof deviceFrameSchema>;

export type ServerToDeviceFrame =
  | { type: 'welcome'; lock_id: string; heartbeat_seconds: number }
  | { type: 'command'; id: string; kind: (typeof LOCK_COMMAND_KINDS)[number] };

/** The close code for a device whose hello is missing, malformed or names a lock with another secret. */
export const DEVICE_CLOSE_UNAUTHORISED = 4401;
/** The close code for a connection replaced by a newer one of the same lock. */
export const DEVICE_CLOSE_REPLACED = 4409;
