ALTER TABLE "plate" ADD COLUMN "owner_party_id" uuid;--> statement-breakpoint
ALTER TABLE "shipment" ADD COLUMN "authorised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plate" ADD CONSTRAINT "plate_owner_party_id_party_id_fk" FOREIGN KEY ("owner_party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webshop_order_status_created_idx" ON "webshop_order" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "webshop_order_created_idx" ON "webshop_order" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "webshop_order_placed_by_idx" ON "webshop_order" USING btree ("placed_by_party_id","created_at");--> statement-breakpoint
CREATE INDEX "plate_owner_idx" ON "plate" USING btree ("owner_party_id");--> statement-breakpoint
CREATE INDEX "shipment_status_authorised_idx" ON "shipment" USING btree ("status","authorised_at","created_at","id");--> statement-breakpoint
CREATE INDEX "shipment_status_shipped_idx" ON "shipment" USING btree ("status","shipped_at");--> statement-breakpoint
-- hand-written
-- Plate shipments waiting to be sent whose order's payment is only authorised: when it was, for "to ship"'s order.
UPDATE "shipment" s SET "authorised_at" = o."paid_at"
  FROM "webshop_order_line" l JOIN "webshop_order" o ON o."id" = l."order_id"
  WHERE l."id" = s."order_line_id" AND s."status" = 'ordered' AND o."status" = 'paid' AND o."captured_at" IS NULL;
