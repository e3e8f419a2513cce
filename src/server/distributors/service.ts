import { and, asc, count, eq, like, type SQL } from 'drizzle-orm';
import {
  DISTRIBUTORS_PAGE_SIZE,
  type Distributor,
  type DistributorInput,
  type DistributorOffer,
  type DistributorPage,
  type DistributorQuery,
  searchForm,
} from '../../domain/distributors.js';
import type { AppContext } from '../context.js';
import { distributors } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { auditStaffChange } from '../shared/audit.js';
import { isUuid } from '../shared/files/ids.js';

// Distributors (issue 15): the public list at /find-distributor (by the start of a postcode or a city's name, in
// either country), and staff's changes in the backoffice, each audited in its own transaction.

type Row = typeof distributors.$inferSelect;

function toDistributor(row: Row): Distributor {
  return {
    id: row.id,
    name: row.name,
    street: row.street,
    postcode: row.postcode,
    city: row.city,
    region: row.region,
    latitude: row.latitude,
    longitude: row.longitude,
    phone: row.phone,
    website: row.website,
    offers: row.offers as DistributorOffer[],
  };
}

/** LIKE's own characters in what was typed match themselves. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /api/distributors (and the backoffice's list): ordered by postcode, a page at a time. */
export async function findDistributors(ctx: AppContext, query: DistributorQuery): Promise<DistributorPage> {
  const conditions: SQL[] = [];
  if (query.region) conditions.push(eq(distributors.region, query.region));
  const q = query.q.trim();
  if (q) {
    // Digits are the start of a postcode; anything else the start of a city's name, in its search form.
    const digits = q.replace(/\s/g, '');
    conditions.push(
      /^\d+$/.test(digits) ? like(distributors.postcode, `${digits}%`) : like(distributors.searchCity, `${escapeLike(searchForm(q))}%`),
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(distributors)
      .where(where)
      .orderBy(asc(distributors.region), asc(distributors.postcode), asc(distributors.name))
      .limit(DISTRIBUTORS_PAGE_SIZE)
      .offset(query.offset),
    ctx.db.select({ n: count() }).from(distributors).where(where),
  ]);
  return { items: rows.map(toDistributor), total: total?.n ?? 0, offset: query.offset, page_size: DISTRIBUTORS_PAGE_SIZE };
}

const columnsOf = (input: DistributorInput) => ({
  name: input.name,
  street: input.street,
  postcode: input.postcode,
  city: input.city,
  searchCity: searchForm(input.city),
  region: input.region,
  latitude: input.latitude,
  longitude: input.longitude,
  phone: input.phone,
  website: input.website,
  offers: [...new Set(input.offers)],
});

/** The audit's view of a distributor: what staff entered. */
const audited = (d: Distributor) => {
  const { id: _id, ...fields } = d;
  return fields;
};

export async function createDistributor(ctx: AppContext, caller: Caller, input: DistributorInput): Promise<Distributor> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(distributors).values(columnsOf(input)).returning();
    if (!row) throw new Error('distributor insert returned nothing');
    const created = toDistributor(row);
    await auditStaffChange(tx, caller, {
      action: 'distributor.create',
      record: { type: 'distributor', id: row.id },
      before: null,
      after: audited(created),
    });
    return created;
  });
}

async function lockedDistributor(tx: AppContext['db'], id: string): Promise<Row> {
  if (!isUuid(id)) throw new AppError('distributor_not_found');
  const [row] = await tx.select().from(distributors).where(eq(distributors.id, id)).for('update');
  if (!row) throw new AppError('distributor_not_found');
  return row;
}

export async function updateDistributor(ctx: AppContext, caller: Caller, id: string, input: DistributorInput): Promise<Distributor> {
  return ctx.db.transaction(async (tx) => {
    const before = toDistributor(await lockedDistributor(tx, id));
    const [row] = await tx
      .update(distributors)
      .set({ ...columnsOf(input), updatedAt: new Date() })
      .where(eq(distributors.id, id))
      .returning();
    if (!row) throw new AppError('distributor_not_found');
    const after = toDistributor(row);
    await auditStaffChange(tx, caller, {
      action: 'distributor.update',
      record: { type: 'distributor', id },
      before: audited(before),
      after: audited(after),
    });
    return after;
  });
}

export async function deleteDistributor(ctx: AppContext, caller: Caller, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = toDistributor(await lockedDistributor(tx, id));
    await tx.delete(distributors).where(eq(distributors.id, id));
    await auditStaffChange(tx, caller, {
      action: 'distributor.delete',
      record: { type: 'distributor', id },
      before: audited(before),
      after: null,
    });
  });
}

/** Whether any distributor is kept (the demo seed adds its own only to an empty table). */
export async function hasDistributors(ctx: AppContext): Promise<boolean> {
  const [row] = await ctx.db.select({ id: distributors.id }).from(distributors).limit(1);
  return row !== undefined;
}

/** The seed's way in: distributors without an acting staff member (no audit entry; it is no staff change). */
export async function insertDistributors(ctx: AppContext, inputs: DistributorInput[]): Promise<void> {
  await ctx.db.insert(distributors).values(inputs.map(columnsOf));
}
