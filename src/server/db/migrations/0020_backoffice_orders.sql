ALTER TABLE "plate" ADD COLUMN "owner_party_id" uuid;--> statement-breakpoint
ALTER TABLE "plate" ADD CONSTRAINT "plate_owner_party_id_party_id_fk" FOREIGN KEY ("owner_party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webshop_order_status_created_idx" ON "webshop_order" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "webshop_order_created_idx" ON "webshop_order" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "webshop_order_placed_by_idx" ON "webshop_order" USING btree ("placed_by_party_id","created_at");--> statement-breakpoint
CREATE INDEX "plate_owner_idx" ON "plate" USING btree ("owner_party_id");--> statement-breakpoint
CREATE INDEX "shipment_status_shipped_idx" ON "shipment" USING btree ("status","shipped_at");