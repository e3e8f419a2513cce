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
ALTER TABLE "plate_batch" ADD COLUMN "plate_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plate" ADD COLUMN "organisation_party_id" uuid;--> statement-breakpoint
ALTER TABLE "plate" ADD COLUMN "organisation_assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plate_event" ADD CONSTRAINT "plate_event_plate_id_plate_id_fk" FOREIGN KEY ("plate_id") REFERENCES "public"."plate"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plate_event_plate_idx" ON "plate_event" USING btree ("plate_id","created_at");--> statement-breakpoint
ALTER TABLE "plate" ADD CONSTRAINT "plate_organisation_party_id_organisation_party_id_fk" FOREIGN KEY ("organisation_party_id") REFERENCES "public"."organisation"("party_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plate_batch_id_idx" ON "plate" USING btree ("batch_id",("id" collate "C"));--> statement-breakpoint
CREATE INDEX "plate_batch_state_idx" ON "plate" USING btree ("batch_id",(case when "bike_id" is not null or "equipment_id" is not null then 'in_use' when "organisation_party_id" is not null then 'organisation' else 'free' end),("id" collate "C"));--> statement-breakpoint
CREATE INDEX "plate_id_c_idx" ON "plate" USING btree (("id" collate "C"));--> statement-breakpoint
CREATE INDEX "plate_organisation_idx" ON "plate" USING btree ("organisation_party_id");--> statement-breakpoint
CREATE INDEX "plate_batch_in_use_idx" ON "plate" USING btree ("batch_id") WHERE "plate"."bike_id" is not null or "plate"."equipment_id" is not null;--> statement-breakpoint
CREATE INDEX "plate_batch_organisation_idx" ON "plate" USING btree ("batch_id") WHERE "plate"."organisation_party_id" is not null and "plate"."bike_id" is null and "plate"."equipment_id" is null;--> statement-breakpoint
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
--> statement-breakpoint
-- A batch's plate_count follows its plates: one update per statement that adds or removes plates (a batch's creation
-- inserts them in chunks of 1 000), so the backoffice's counts never count a batch's rows.
UPDATE "plate_batch" b SET "plate_count" = (SELECT count(*) FROM "plate" p WHERE p.batch_id = b.id);--> statement-breakpoint
CREATE FUNCTION "plate_batch_count_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "plate_batch" b SET "plate_count" = b.plate_count + n.added
    FROM (SELECT batch_id, count(*) AS added FROM new_plates GROUP BY batch_id) n WHERE b.id = n.batch_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "plate_batch_count_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "plate_batch" b SET "plate_count" = b.plate_count - o.removed
    FROM (SELECT batch_id, count(*) AS removed FROM old_plates GROUP BY batch_id) o WHERE b.id = o.batch_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "plate_batch_count_added" AFTER INSERT ON "plate" REFERENCING NEW TABLE AS new_plates
  FOR EACH STATEMENT EXECUTE FUNCTION "plate_batch_count_added"();--> statement-breakpoint
CREATE TRIGGER "plate_batch_count_removed" AFTER DELETE ON "plate" REFERENCING OLD TABLE AS old_plates
  FOR EACH STATEMENT EXECUTE FUNCTION "plate_batch_count_removed"();
