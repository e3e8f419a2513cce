import * as z from 'zod/mini';
import {
  DOCK_ACCESS,
  LOCK_COMMAND_FAILURES,
  LOCK_COMMAND_KINDS,
  LOCK_COMMAND_STATUSES,
  LOCK_REPORTED_STATES,
  LOCK_VIEW_STATES,
} from './docks.js';

// Managing docks and locks (issue 16): staff in the backoffice (/api/backoffice/docks…) and the owning
// organisation's admins acting as it (/api/organisations/docks…) create docks, add locks (the device secret is
// answered once), rotate a lock's secret, remove a lock and read its history. The shapes both sides share.

export const DOCK_NAME_MAX = 100;
export const DOCK_ADDRESS_MAX = 200;
export const LOCK_LABEL_MAX = 20;
export const LOCK_HISTORY_PAGE_SIZE = 50;

const requiredText = (max: number) =>
  z
    .string({ error: 'field_required' })
    .check(z.trim(), z.minLength(1, { error: 'field_required' }), z.maxLength(max, { error: 'too_long' }));
const coordinate = (min: number, max: number) =>
  z.number({ error: 'field_invalid' }).check(z.minimum(min, { error: 'field_invalid' }), z.maximum(max, { error: 'field_invalid' }));

const dockFields = {
  name: requiredText(DOCK_NAME_MAX),
  address: requiredText(DOCK_ADDRESS_MAX),
  latitude: coordinate(-90, 90),
  longitude: coordinate(-180, 180),
  access: z.enum(DOCK_ACCESS, { error: 'field_invalid' }),
  published: z.boolean({ error: 'field_invalid' }),
};

/** POST /api/organisations/docks: a dock of the organisation acted as. */
export const dockInputSchema = z.object({ ...dockFields, published: z._default(dockFields.published, true) });
export type DockInput = z.infer<typeof dockInputSchema>;

/** POST /api/backoffice/docks: staff also choose the owning organisation. */
export const backofficeDockInputSchema = z.object({
  ...dockInputSchema.shape,
  owner_party_id: z.string({ error: 'field_required' }).check(z.uuid({ error: 'field_invalid' })),
});
export type BackofficeDockInput = z.infer<typeof backofficeDockInputSchema>;

/** PATCH …/docks/{dockId}: any of the fields. */
export const dockChangeSchema = z.object({
  name: z.optional(dockFields.name),
  address: z.optional(dockFields.address),
  latitude: z.optional(dockFields.latitude),
  longitude: z.optional(dockFields.longitude),
  access: z.optional(dockFields.access),
  published: z.optional(dockFields.published),
});
export type DockChange = z.infer<typeof dockChangeSchema>;

/** POST …/docks/{dockId}/locks: its name in the dock (unique there), e.g. "A3". */
export const lockInputSchema = z.object({ label: requiredText(LOCK_LABEL_MAX) });

export const historyQuerySchema = z.object({
  offset: z._default(z.coerce.number({ error: 'field_invalid' }).check(z.int(), z.minimum(0), z.maximum(1_000_000)), 0),
});

/** A lock as its managers see it: its state for someone who has no bike in it, and whether it holds one. */
export const managedLockSchema = z.object({
  id: z.string(),
  dock_id: z.string(),
  label: z.string(),
  state: z.enum(LOCK_VIEW_STATES),
  reported_state: z.nullable(z.enum(LOCK_REPORTED_STATES)),
  connected: z.boolean(),
  last_reported_at: z.nullable(z.string()),
  holds_bike: z.boolean(),
  pending_command: z.nullable(z.enum(LOCK_COMMAND_KINDS)),
  created_at: z.string(),
});
export type ManagedLock = z.infer<typeof managedLockSchema>;

export const managedDockSchema = z.object({
  id: z.string(),
  owner_party_id: z.string(),
  organisation_name: z.string(),
  name: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  access: z.enum(DOCK_ACCESS),
  published: z.boolean(),
  lock_count: z.number(),
  free_count: z.number(),
  created_at: z.string(),
});
export type ManagedDock = z.infer<typeof managedDockSchema>;

export const managedDockDetailSchema = z.object({ ...managedDockSchema.shape, locks: z.array(managedLockSchema) });
export type ManagedDockDetail = z.infer<typeof managedDockDetailSchema>;

/** A lock added or its secret rotated: the device secret, answered this once and never again. */
export const lockWithSecretSchema = z.object({ lock: managedLockSchema, secret: z.string() });
export type LockWithSecret = z.infer<typeof lockWithSecretSchema>;

export const lockEventSchema = z.object({
  id: z.string(),
  kind: z.string(),
  at: z.string(),
  detail: z.record(z.string(), z.unknown()),
});

export const lockEventPageSchema = z.object({
  items: z.array(lockEventSchema),
  total: z.number(),
  offset: z.number(),
  page_size: z.number(),
});
export type LockEventPage = z.infer<typeof lockEventPageSchema>;

export const lockCommandSchema = z.object({
  id: z.string(),
  lock_id: z.string(),
  kind: z.enum(LOCK_COMMAND_KINDS),
  status: z.enum(LOCK_COMMAND_STATUSES),
  failure: z.nullable(z.enum(LOCK_COMMAND_FAILURES)),
  created_at: z.string(),
  finished_at: z.nullable(z.string()),
});

export const lockCommandPageSchema = z.object({
  items: z.array(lockCommandSchema),
  total: z.number(),
  offset: z.number(),
  page_size: z.number(),
});
export type LockCommandPage = z.infer<typeof lockCommandPageSchema>;
