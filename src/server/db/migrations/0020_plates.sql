CREATE TABLE "plate_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plate_id" text NOT NULL,
	"kind" text NOT NULL,
	"bike_id" uuid,
	"equipment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "plate_batch_idx";--> statement-breakpoint
ALTER TABLE "plate" ADD COLUMN "organisation_party_id" uuid;--> statement-breakpoint
ALTER TABLE "plate" ADD COLUMN "organisation_assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plate_event" ADD CONSTRAINT "plate_event_plate_id_plate_id_fk" FOREIGN KEY ("plate_id") REFERENCES "public"."plate"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plate_event_plate_idx" ON "plate_event" USING btree ("plate_id","created_at");--> statement-breakpoint
ALTER TABLE "plate" ADD CONSTRAINT "plate_organisation_party_id_organisation_party_id_fk" FOREIGN KEY ("organisation_party_id") REFERENCES "public"."organisation"("party_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plate_batch_id_idx" ON "plate" USING btree ("batch_id",("id" collate "C"));--> statement-breakpoint
CREATE INDEX "plate_batch_state_idx" ON "plate" USING btree ("batch_id",(case when "bike_id" is not null or "equipment_id" is not null then 'in_use' when "organisation_party_id" is not null then 'organisation' else 'free' end),("id" collate "C"));--> statement-breakpoint
CREATE INDEX "plate_id_c_idx" ON "plate" USING btree (("id" collate "C"));--> statement-breakpoint
CREATE INDEX "plate_organisation_idx" ON "plate" USING btree ("organisation_party_id");--> statement-breakpoint
-- hand-written
-- A plate's history (plate_event): every area that puts a plate on a bike or equipment, or takes it off (also a bike's
-- or equipment's deletion, whose foreign key sets the column null), is recorded here, in the change's transaction.
CREATE FUNCTION "plate_event_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.bike_id IS NOT NULL AND OLD.bike_id IS DISTINCT FROM NEW.bike_id THEN
    INSERT INTO "plate_event" ("plate_id", "kind", "bike_id") VALUES (NEW.id, 'off_bike', OLD.bike_id);
  END IF;
  IF OLD.equipment_id IS NOT NULL AND OLD.equipment_id IS DISTINCT FROM NEW.equipment_id THEN
    INSERT INTO "plate_event" ("plate_id", "kind", "equipment_id") VALUES (NEW.id, 'off_equipment', OLD.equipment_id);
  END IF;
  IF NEW.bike_id IS NOT NULL AND NEW.bike_id IS DISTINCT FROM OLD.bike_id THEN
    INSERT INTO "plate_event" ("plate_id", "kind", "bike_id") VALUES (NEW.id, 'on_bike', NEW.bike_id);
  END IF;
  IF NEW.equipment_id IS NOT NULL AND NEW.equipment_id IS DISTINCT FROM OLD.equipment_id THEN
    INSERT INTO "plate_event" ("plate_id", "kind", "equipment_id") VALUES (NEW.id, 'on_equipment', NEW.equipment_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "plate_event_record" AFTER UPDATE OF "bike_id", "equipment_id" ON "plate" FOR EACH ROW
  WHEN (OLD.bike_id IS DISTINCT FROM NEW.bike_id OR OLD.equipment_id IS DISTINCT FROM NEW.equipment_id)
  EXECUTE FUNCTION "plate_event_record"();--> statement-breakpoint
-- Which shipment sent a plate (the plate's state and history, the batches' shipped counts).
CREATE INDEX "shipment_plate_ids_gin" ON "shipment" USING gin ("plate_ids");
