DROP INDEX "shipment_status_authorised_idx";--> statement-breakpoint
DROP INDEX "plate_batch_state_idx";--> statement-breakpoint
DROP INDEX "shipment_status_shipped_idx";--> statement-breakpoint
CREATE INDEX "shipment_to_ship_idx" ON "shipment" USING btree ("status",coalesce("authorised_at", 'infinity'::timestamptz),"created_at","id");--> statement-breakpoint
CREATE INDEX "plate_batch_state_idx" ON "plate" USING btree ("batch_id",(case when "bike_id" is not null or "equipment_id" is not null then 'in_use' when "organisation_party_id" is not null then 'organisation' when "owner_party_id" is not null then 'shipped' else 'free' end),("id" collate "C"));--> statement-breakpoint
CREATE INDEX "shipment_status_shipped_idx" ON "shipment" USING btree ("status","shipped_at","id");--> statement-breakpoint
-- hand-written
-- A plate's shipped state is its own row's (owner_party_id, set by the backoffice's shipping): plates listed in a sent
-- shipment that no owner was written for get the shipment's party, and the GIN index that found a plate in the
-- shipments' lists goes (a plate's envelope is now looked up among its owner's shipments).
UPDATE "plate" p SET "owner_party_id" = s."party_id"
  FROM "shipment" s
  WHERE p."id" = ANY(s."plate_ids") AND s."status" IN ('shipped', 'delivered') AND p."owner_party_id" IS NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "shipment_plate_ids_gin";
