import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import { maskCpr } from '../../domain/identity.js';
import { LEGAL_VERSIONS } from '../../domain/legal.js';
import { chatSummaries, toChatMessage } from '../chats/views.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import {
  auditLog,
  bikeCredits,
  bikeOwnerships,
  bikes,
  chatMessages,
  chatParticipants,
  chats,
  consents,
  documents,
  equipment,
  events,
  identities,
  insuranceClaimEvents,
  insuranceClaims,
  insurancePolicies,
  insurancePurchases,
  insuredItems,
  lockTestResponses,
  nafMemberships,
  orderLines,
  orders,
  organisationMembers,
  organisations,
  outbox,
  ownershipRequests,
  ownershipTransfers,
  ownershipVerifications,
  paymentCustomers,
  pictures,
  plates,
  possessionVerifications,
  receipts,
  salesLinks,
  shipments,
  socialAccounts,
  subscriptions,
  theftReports,
  tickets,
  voucherRedemptions,
} from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { signedDocumentUrl, signedPictureUrl } from '../shared/files/signed-url.js';
import { decryptField } from '../shared/secrets.js';
import { getProfile } from './profile.js';

// GET /api/identities/me/export (issue 15, data portability): everything the register stores about the caller, as
// one JSON file. Each section picks its fields by name (never a whole row), so what is secret stays out: password
// and token hashes, login counters, CPR numbers (masked, as the profile shows them), other people's details beyond
// what the caller already sees (a conversation's other side only through the contact they chose to share).
// Files are not copied in: pictures and documents come as signed links (valid SIGNED_URL_LIFE_SECONDS).

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
function masked(ctx: AppContext, sealed: string | null): string | null {
  const cpr = sealed ? decryptField(ctx.config.dataKey, sealed) : null;
  return cpr ? maskCpr(cpr) : null;
}
const ids = <T>(rows: T[], pick: (row: T) => string | null) => [...new Set(rows.map(pick).filter((v): v is string => v !== null))];

/** The person's own export; refused under switch-user: staff see a person in the backoffice, never take their file. */
export async function exportMyData(ctx: AppContext, caller: Caller): Promise<Record<string, unknown>> {
  if (caller.switchedBy) throw new AppError('forbidden');
  const me = caller.partyId;
  const db = ctx.db;

  const [identity] = await db.select().from(identities).where(eq(identities.partyId, me));
  if (!identity) throw new AppError('invalid_token');

  return {
    exported_at: new Date().toISOString(),
    about:
      'Everything the Bike Register stores about you. Pictures and documents are links that work for 15 minutes after the export; download them again from the app later.',
    privacy_policy_version: LEGAL_VERSIONS.privacy,
    terms_version: LEGAL_VERSIONS.terms,
    profile: {
      ...(await getProfile(ctx, me)),
      national_id_birthdate: identity.birthdate,
      friend_ref: identity.friendRef,
      user_ref: identity.userRef,
    },
    consents: (
      await db
        .select({ type: consents.type, action: consents.action, version: consents.version, at: consents.createdAt })
        .from(consents)
        .where(eq(consents.partyId, me))
        .orderBy(asc(consents.createdAt))
    ).map((c) => ({ ...c, at: iso(c.at) })),
    social_sign_in: (
      await db
        .select({ provider: socialAccounts.provider, email: socialAccounts.email, linked_at: socialAccounts.createdAt })
        .from(socialAccounts)
        .where(eq(socialAccounts.partyId, me))
    ).map((s) => ({ ...s, linked_at: iso(s.linked_at) })),
    organisations: (
      await db
        .select({
          name: organisations.name,
          type: organisations.organisationType,
          role: organisationMembers.role,
          since: organisationMembers.createdAt,
        })
        .from(organisationMembers)
        .innerJoin(organisations, eq(organisations.partyId, organisationMembers.organisationPartyId))
        .where(eq(organisationMembers.identityPartyId, me))
    ).map((o) => ({ ...o, since: iso(o.since) })),
    bikes: await bikesOf(ctx, me),
    plates: (
      await db
        .select({ id: plates.id, bike_id: plates.bikeId, assigned_at: plates.assignedAt })
        .from(plates)
        .where(eq(plates.ownerPartyId, me))
    ).map((p) => ({ ...p, assigned_at: iso(p.assigned_at) })),
    stolen_reports: await stolenReportsOf(ctx, me),
    conversations: await conversationsOf(ctx, me),
    ownership: await ownershipOf(db, me),
    shop: await shopOf(db, me),
    insurance: await insuranceOf(ctx, me),
    support_tickets: (
      await db
        .select({
          kind: tickets.kind,
          reason: tickets.reason,
          status: tickets.status,
          created_at: tickets.createdAt,
          closed_at: tickets.closedAt,
        })
        .from(tickets)
        .where(eq(tickets.reporterPartyId, me))
    ).map((r) => ({ ...r, created_at: iso(r.created_at), closed_at: iso(r.closed_at) })),
    // Staff changes and reads of the full CPR number about the person. Who did it is said, not named: the person
    // themselves (their own police report), nobody (the command line), or someone else (staff, or the handler of
    // an insurer they shared a report with).
    audit_log: (
      await db
        .select({
          action: auditLog.action,
          record_type: auditLog.recordType,
          record_id: auditLog.recordId,
          actor: auditLog.actorPartyId,
          before: auditLog.before,
          after: auditLog.after,
          at: auditLog.createdAt,
        })
        .from(auditLog)
        .where(eq(auditLog.targetPartyId, me))
        .orderBy(asc(auditLog.createdAt))
    ).map(({ actor, ...a }) => ({ ...a, by: actor === me ? 'you' : actor === null ? 'system' : 'someone_else', at: iso(a.at) })),
    mail: (
      await db
        .select({ to: outbox.to, subject: outbox.subject, written_at: outbox.createdAt, sent_at: outbox.sentAt })
        .from(outbox)
        .where(eq(outbox.partyId, me))
        .orderBy(asc(outbox.createdAt))
    ).map((m) => ({ ...m, written_at: iso(m.written_at), sent_at: iso(m.sent_at) })),
    usage_events: (
      await db
        .select({ category: events.category, action: events.action, name: events.name, source_url: events.sourceUrl, at: events.createdAt })
        .from(events)
        .where(eq(events.partyId, me))
        .orderBy(asc(events.createdAt))
    ).map((e) => ({ ...e, at: iso(e.at) })),
  };
}

/** The bikes the person holds now (with their pictures, documents and equipment) and those they held before. */
async function bikesOf(ctx: AppContext, partyId: string) {
  const db = ctx.db;
  const absolute = (path: string) => `${ctx.config.publicUrl}${path}`;
  const owned = await db
    .select({ ownership: bikeOwnerships, bike: bikes })
    .from(bikeOwnerships)
    .innerJoin(bikes, eq(bikes.id, bikeOwnerships.bikeId))
    .where(eq(bikeOwnerships.partyId, partyId))
    .orderBy(asc(bikeOwnerships.startedAt));
  const current = owned.filter((o) => o.ownership.endedAt === null);
  const bikeIds = current.map((o) => o.bike.id);
  const ownershipIds = current.map((o) => o.ownership.id);
  const [pictureRows, documentRows, equipmentRows, plateRows, linkRows] = bikeIds.length
    ? await Promise.all([
        db
          .select()
          .from(pictures)
          .where(and(inArray(pictures.bikeId, bikeIds), or(isNull(pictures.ownershipId), inArray(pictures.ownershipId, ownershipIds)))),
        db
          .select()
          .from(documents)
          .where(and(inArray(documents.bikeId, bikeIds), or(isNull(documents.ownershipId), inArray(documents.ownershipId, ownershipIds)))),
        db.select().from(equipment).where(inArray(equipment.bikeId, bikeIds)),
        db
          .select({ id: plates.id, bikeId: plates.bikeId, equipmentId: plates.equipmentId })
          .from(plates)
          .where(inArray(plates.bikeId, bikeIds)),
        db.select().from(salesLinks).where(inArray(salesLinks.ownershipId, ownershipIds)),
      ])
    : [[], [], [], [], []];
  const equipmentPlates = ids(equipmentRows, (e) => e.id).length
    ? await db
        .select({ id: plates.id, equipmentId: plates.equipmentId })
        .from(plates)
        .where(
          inArray(
            plates.equipmentId,
            ids(equipmentRows, (e) => e.id),
          ),
        )
    : [];
  return owned.map(({ ownership, bike }) => {
    const held = {
      bike_id: bike.id,
      frame_number: bike.frameNumber,
      owned_from: iso(ownership.startedAt),
      owned_until: iso(ownership.endedAt),
      end_reason: ownership.endReason,
      nickname: ownership.nickname,
      normal_price_dkk: ownership.normalPriceDkk,
      purchase_date: ownership.purchaseDate,
    };
    // A bike since handed on is the new owner's now: only what was the person's own stays in their file.
    if (ownership.endedAt !== null) return held;
    return {
      ...held,
      plate_ids: plateRows.filter((p) => p.bikeId === bike.id).map((p) => p.id),
      type_id: bike.typeId,
      color_id: bike.colorId,
      is_electric: bike.isElectric,
      model: bike.model,
      category_id: bike.categoryId,
      brand_id: bike.brandId,
      brand_name: bike.brandName,
      production_year: bike.productionYear,
      searchable: bike.searchable,
      reported_stolen: bike.reportedStolen,
      registered_at: iso(bike.createdAt),
      pictures: pictureRows
        .filter((p) => p.bikeId === bike.id)
        .map((p) => ({
          id: p.id,
          kind: p.kind,
          public: p.kind === 'public',
          content_type: p.contentType,
          width: p.width,
          height: p.height,
          size: p.size,
          added_at: iso(p.createdAt),
          url: absolute(signedPictureUrl(ctx.config.jwtSecret, p.id, 'full')),
        })),
      documents: documentRows
        .filter((d) => d.bikeId === bike.id)
        .map((d) => ({
          id: d.id,
          kind: d.kind,
          equipment_id: d.equipmentId,
          file_name: d.fileName,
          content_type: d.contentType,
          size: d.size,
          added_at: iso(d.createdAt),
          url: absolute(signedDocumentUrl(ctx.config.jwtSecret, d.id)),
        })),
      equipment: equipmentRows
        .filter((e) => e.bikeId === bike.id)
        .map((e) => ({
          id: e.id,
          item_type_memo: e.itemTypeMemo,
          note: e.note,
          serial_numbers: e.serialNumbers,
          dna_paste_ids: e.dnaPasteIds,
          plate_ids: equipmentPlates.filter((p) => p.equipmentId === e.id).map((p) => p.id),
          manufacturer_name: e.manufacturerName,
          product_name: e.productName,
          accessory_type: e.accessoryType,
          lock_type_memo: e.lockTypeMemo,
          physical_key_number: e.physicalKeyNumber,
          varefakta_number: e.varefaktaNumber,
          lock_date: e.lockDate,
          frame_number_match: e.frameNumberMatch,
          has_signature: e.hasSignature,
          added_at: iso(e.createdAt),
        })),
      sales_links: linkRows
        .filter((l) => l.bikeId === bike.id)
        .map((l) => ({ created_at: iso(l.createdAt), expires_at: iso(l.expiresAt), revoked_at: iso(l.revokedAt) })),
    };
  });
}

async function stolenReportsOf(ctx: AppContext, partyId: string) {
  const rows = await ctx.db
    .select()
    .from(theftReports)
    .where(eq(theftReports.reporterPartyId, partyId))
    .orderBy(asc(theftReports.createdAt));
  return rows.map((r) => ({
    bike_id: r.bikeId,
    filed_at: iso(r.createdAt),
    found_at: iso(r.foundAt),
    first_name: r.firstName,
    last_name: r.lastName,
    email: r.email,
    street_address: r.streetAddress,
    floor: r.floor,
    side: r.side,
    door: r.door,
    zip_code: r.zipCode,
    city: r.city,
    mobile: r.mobile,
    telephone: r.telephone,
    cpr_number: masked(ctx, r.cprEncrypted),
    frame_number: r.frameNumber,
    bike_category: r.bikeCategory,
    bike_color: r.bikeColor,
    is_electric: r.isElectric,
    bike_price: r.bikePrice,
    lock_status: r.lockStatus,
    battery_location: r.batteryLocation,
    time_last_seen: iso(r.timeLastSeen),
    noted_time: iso(r.notedTime),
    place: r.place,
    latitude: r.latitude,
    longitude: r.longitude,
    public_latitude: r.publicLatitude,
    public_longitude: r.publicLongitude,
    is_culprit_known: r.isCulpritKnown,
    is_culprit_recognizable: r.isCulpritRecognizable,
    culprit_info: r.culpritInfo,
    has_witness: r.hasWitness,
    witnesses: r.witnesses,
    is_insured: r.isInsured,
    insurer_party_id: r.insurerPartyId,
    other_insurer_name: r.otherInsurerName,
    shared_with_insurer_at: iso(r.sharedWithInsurerAt),
    police_report_requested: r.policeReportRequested,
    map_review: r.reviewState,
  }));
}

/** Each conversation as the person sees it in the app (the other side by role, and their contact only if shared). */
async function conversationsOf(ctx: AppContext, partyId: string) {
  const mine = await ctx.db
    .select({ chatId: chatParticipants.chatId, role: chatParticipants.role, kind: chats.kind })
    .from(chatParticipants)
    .innerJoin(chats, eq(chats.id, chatParticipants.chatId))
    .where(eq(chatParticipants.partyId, partyId))
    .orderBy(asc(chats.createdAt));
  const result = [];
  for (const { chatId, role, kind } of mine) {
    const [summary] = kind === 'support' ? [] : await chatSummaries(ctx, partyId, { chatId });
    const rows = await ctx.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId)).orderBy(asc(chatMessages.createdAt));
    result.push({
      id: chatId,
      kind,
      my_role: role,
      bike_id: summary?.subject_id ?? null,
      i_share_contact: summary?.i_share_contact ?? false,
      other_contact: summary?.other_contact ?? null,
      blocked: summary?.blocked ?? false,
      messages: rows.map((row) => {
        const { chat_id: _chat, ...message } = toChatMessage(ctx, row, { partyId, role });
        const absolute = (path: string | null) => (path ? `${ctx.config.publicUrl}${path}` : null);
        return { ...message, photo_url: absolute(message.photo_url), photo_thumbnail_url: absolute(message.photo_thumbnail_url) };
      }),
    });
  }
  return result;
}

async function ownershipOf(db: Db, partyId: string) {
  const transfers = await db
    .select()
    .from(ownershipTransfers)
    .where(or(eq(ownershipTransfers.fromPartyId, partyId), eq(ownershipTransfers.toPartyId, partyId)))
    .orderBy(asc(ownershipTransfers.createdAt));
  const requests = await db
    .select()
    .from(ownershipRequests)
    .where(or(eq(ownershipRequests.requesterPartyId, partyId), eq(ownershipRequests.ownerPartyId, partyId)))
    .orderBy(asc(ownershipRequests.createdAt));
  const verifications = await db.select().from(ownershipVerifications).where(eq(ownershipVerifications.partyId, partyId));
  return {
    transfers: transfers.map((x) => {
      const outgoing = x.fromPartyId === partyId;
      return {
        direction: outgoing ? 'handed_over' : 'received',
        bike_id: x.bikeId,
        // The address the person typed; a recipient is not told the seller's.
        to_email: outgoing ? x.toEmail : null,
        status: x.status,
        price_dkk: x.priceDkk,
        hand_over_pictures: x.handOverPictures,
        hand_over_documents: x.handOverDocuments,
        confirmed_with_national_id_at: iso(outgoing ? x.sellerApprovedAt : x.buyerApprovedAt),
        bill_of_sale: x.billOfSaleKey !== null,
        created_at: iso(x.createdAt),
        decided_at: iso(x.decidedAt),
      };
    }),
    requests: requests.map((r) => ({
      direction: r.requesterPartyId === partyId ? 'asked' : 'asked_of_me',
      bike_id: r.bikeId,
      status: r.status,
      created_at: iso(r.createdAt),
      decided_at: iso(r.decidedAt),
    })),
    verifications: verifications.map((v) => ({
      bike_id: v.bikeId,
      status: v.status,
      verified_at: iso(v.verifiedAt),
      reject_reason: v.rejectReason,
      created_at: iso(v.createdAt),
    })),
  };
}

async function shopOf(db: Db, partyId: string) {
  const orderRows = await db
    .select()
    .from(orders)
    .where(or(eq(orders.partyId, partyId), eq(orders.placedByPartyId, partyId)))
    .orderBy(asc(orders.createdAt));
  const orderIds = orderRows.map((o) => o.id);
  const lines = orderIds.length ? await db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)) : [];
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.partyId, partyId));
  const [customer] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.partyId, partyId));
  const [naf] = await db.select().from(nafMemberships).where(eq(nafMemberships.partyId, partyId));
  return {
    orders: orderRows.map((o) => ({
      id: o.id,
      family: o.family,
      status: o.status,
      kind: o.kind,
      plan_type: o.planType,
      region: o.region,
      currency: o.currency,
      gross_ore: o.grossOre,
      vat_ore: o.vatOre,
      bike_id: o.bikeId,
      naf_member_number: o.nafMemberNumber,
      created_at: iso(o.createdAt),
      paid_at: iso(o.paidAt),
      refunded_at: iso(o.refundedAt),
      lines: lines
        .filter((l) => l.orderId === o.id)
        .sort((a, b) => a.position - b.position)
        .map((l) => ({
          product: l.productCode,
          quantity: l.quantity,
          unit_amount_ore: l.unitAmountOre,
          gross_ore: l.grossOre,
          vat_ore: l.vatOre,
        })),
    })),
    receipts: (await db.select().from(receipts).where(eq(receipts.partyId, partyId)).orderBy(asc(receipts.issuedAt))).map((r) => ({
      number: `${r.series.toUpperCase()}-${r.number}`,
      order_id: r.orderId,
      currency: r.currency,
      gross_ore: r.grossOre,
      vat_ore: r.vatOre,
      buyer: r.buyer,
      lines: r.lines,
      issued_at: iso(r.issuedAt),
    })),
    shipments: (await db.select().from(shipments).where(eq(shipments.partyId, partyId))).map((s) => ({
      status: s.status,
      address: s.address,
      plate_ids: s.plateIds,
      shipped_at: iso(s.shippedAt),
      delivered_at: iso(s.deliveredAt),
      created_at: iso(s.createdAt),
    })),
    credits: (await db.select().from(bikeCredits).where(eq(bikeCredits.partyId, partyId))).map((c) => ({
      plan_type: c.planType,
      source: c.source,
      used: c.bikeOwnershipId !== null,
      voucher_code: c.voucherCode,
      created_at: iso(c.createdOn),
    })),
    vouchers_redeemed: (await db.select().from(voucherRedemptions).where(eq(voucherRedemptions.partyId, partyId))).map((v) => ({
      code: v.code,
      at: iso(v.createdAt),
    })),
    subscription: subscription
      ? {
          plan_type: subscription.planType,
          current_period_end: iso(subscription.currentPeriodEnd),
          status: subscription.providerStatus,
          cancel_at_period_end: subscription.cancelAtPeriodEnd,
          quantity: subscription.quantity,
        }
      : null,
    // The card itself is only ever at the payment provider; this is the customer number there.
    payment_provider_customer: customer?.providerCustomerId ?? null,
    naf_membership: naf ? { member_number: naf.memberNumber, extra_registration_claimed_at: iso(naf.extraRegistrationClaimedAt) } : null,
  };
}

async function insuranceOf(ctx: AppContext, partyId: string) {
  const db = ctx.db;
  const insurerName = async (ids: string[]) =>
    new Map(
      ids.length
        ? (
            await db
              .select({ id: organisations.partyId, name: organisations.name })
              .from(organisations)
              .where(inArray(organisations.partyId, ids))
          ).map((o) => [o.id, o.name])
        : [],
    );
  const policies = await db.select().from(insurancePolicies).where(eq(insurancePolicies.holderPartyId, partyId));
  const items = policies.length
    ? await db
        .select()
        .from(insuredItems)
        .where(
          inArray(
            insuredItems.policyId,
            policies.map((p) => p.id),
          ),
        )
    : [];
  const claims = await db.select().from(insuranceClaims).where(eq(insuranceClaims.ownerPartyId, partyId));
  const steps = claims.length
    ? await db
        .select({ claimId: insuranceClaimEvents.claimId, status: insuranceClaimEvents.status, at: insuranceClaimEvents.createdAt })
        .from(insuranceClaimEvents)
        .where(
          inArray(
            insuranceClaimEvents.claimId,
            claims.map((c) => c.id),
          ),
        )
        .orderBy(asc(insuranceClaimEvents.createdAt))
    : [];
  const possession = await db.select().from(possessionVerifications).where(eq(possessionVerifications.ownerPartyId, partyId));
  const lockTests = await db.select().from(lockTestResponses).where(eq(lockTestResponses.ownerPartyId, partyId));
  const purchases = await db.select().from(insurancePurchases).where(eq(insurancePurchases.partyId, partyId));
  const names = await insurerName(
    ids([...policies, ...claims, ...possession, ...lockTests], (r) => r.insurerPartyId).concat(ids(purchases, (p) => p.insurerPartyId)),
  );
  return {
    policies: policies.map((p) => ({
      insurer: names.get(p.insurerPartyId) ?? null,
      policy_number: p.insurerPolicyId,
      type: p.type,
      coverage: p.coverage,
      number_of_bikes: p.numberOfBikes,
      status: p.status,
      source: p.source,
      acknowledgements: p.acknowledgements,
      created_at: iso(p.createdAt),
      bikes: items
        .filter((i) => i.policyId === p.id)
        .map((i) => ({ bike_id: i.bikeId, possession: i.possessionStatus, lock: i.lockStatus })),
    })),
    claims: claims.map((c) => ({
      insurer: names.get(c.insurerPartyId) ?? null,
      bike_id: c.bikeId,
      status: c.status,
      rejection_reason: c.rejectionReason,
      ownership_transfer_agreed: c.ownershipTransferAgreed,
      created_at: iso(c.createdAt),
      steps: steps.filter((s) => s.claimId === c.id).map((s) => ({ status: s.status, at: iso(s.at) })),
    })),
    proofs_of_possession: possession.map((v) => ({
      insurer: names.get(v.insurerPartyId) ?? null,
      bike_id: v.bikeId,
      frame_number: v.frameNumber,
      plate_id: v.plateId,
      details: v.details,
      status: v.status,
      rejection_reason: v.rejectionReason,
      created_at: iso(v.createdAt),
    })),
    lock_tests: lockTests.map((l) => ({
      insurer: names.get(l.insurerPartyId) ?? null,
      bike_id: l.bikeId,
      email: l.email,
      lock_type: l.lockType,
      brand: l.brand,
      model: l.model,
      key_number: l.keyNumber,
      varefakta_number: l.varefaktaNumber,
      certificate_date: l.certificateDate,
      status: l.status,
      rejection_reason: l.rejectionReason,
      created_at: iso(l.createdAt),
    })),
    sign_ups: purchases.map((p) => ({
      insurer: p.insurerPartyId ? (names.get(p.insurerPartyId) ?? null) : null,
      basket: p.basket,
      checkout: p.checkout,
      social_number: masked(ctx, p.cprEncrypted),
      premium_ore: p.premiumOre,
      created_at: iso(p.createdAt),
    })),
  };
}
