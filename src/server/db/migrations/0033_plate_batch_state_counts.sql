DROP INDEX "plate_batch_in_use_idx";--> statement-breakpoint
DROP INDEX "plate_batch_organisation_idx";--> statement-breakpoint
ALTER TABLE "plate_batch" ADD COLUMN "in_use_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plate_batch" ADD COLUMN "organisation_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plate_batch" ADD COLUMN "shipped_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- hand-written
-- A batch keeps its counts by state (the states of plateOwnState in db/schema.ts: in use, organisation, shipped; free is
-- the rest) as it keeps plate_count: one update per statement that adds, changes or removes plates, so the backoffice's
-- list of batches reads its counts from the batch rows instead of counting each batch's plates on every request.
DROP TRIGGER "plate_batch_count_added" ON "plate";--> statement-breakpoint
DROP TRIGGER "plate_batch_count_removed" ON "plate";--> statement-breakpoint
DROP FUNCTION "plate_batch_count_added"();--> statement-breakpoint
DROP FUNCTION "plate_batch_count_removed"();--> statement-breakpoint
CREATE FUNCTION "plate_batch_counts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "plate_batch" b
      SET "plate_count" = b.plate_count + d.total, "in_use_count" = b.in_use_count + d.in_use,
          "organisation_count" = b.organisation_count + d.organisation, "shipped_count" = b.shipped_count + d.shipped
      FROM (SELECT batch_id, sum(total)::int AS total, sum(in_use)::int AS in_use, sum(organisation)::int AS organisation,
                   sum(shipped)::int AS shipped
              FROM (SELECT p.batch_id, 1 AS total, (p.bike_id IS NOT NULL OR p.equipment_id IS NOT NULL)::int AS in_use, (p.bike_id IS NULL AND p.equipment_id IS NULL AND p.organisation_party_id IS NOT NULL)::int AS organisation, (p.bike_id IS NULL AND p.equipment_id IS NULL AND p.organisation_party_id IS NULL AND p.owner_party_id IS NOT NULL)::int AS shipped FROM new_plates p) c GROUP BY batch_id) d
      WHERE b.id = d.batch_id AND (d.total <> 0 OR d.in_use <> 0 OR d.organisation <> 0 OR d.shipped <> 0);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "plate_batch" b
      SET "plate_count" = b.plate_count + d.total, "in_use_count" = b.in_use_count + d.in_use,
          "organisation_count" = b.organisation_count + d.organisation, "shipped_count" = b.shipped_count + d.shipped
      FROM (SELECT batch_id, sum(total)::int AS total, sum(in_use)::int AS in_use, sum(organisation)::int AS organisation,
                   sum(shipped)::int AS shipped
              FROM (SELECT p.batch_id, -1 AS total, -(p.bike_id IS NOT NULL OR p.equipment_id IS NOT NULL)::int AS in_use, -(p.bike_id IS NULL AND p.equipment_id IS NULL AND p.organisation_party_id IS NOT NULL)::int AS organisation, -(p.bike_id IS NULL AND p.equipment_id IS NULL AND p.organisation_party_id IS NULL AND p.owner_party_id IS NOT NULL)::int AS shipped FROM old_plates p) c GROUP BY batch_id) d
      WHERE b.id = d.batch_id AND (d.total <> 0 OR d.in_use <> 0 OR d.organisation <> 0 OR d.shipped <> 0);
  ELSE
    UPDATE "plate_batch" b
      SET "plate_count" = b.plate_count + d.total, "in_use_count" = b.in_use_count + d.in_use,
          "organisation_count" = b.organisation_count + d.organisation, "shipped_count" = b.shipped_count + d.shipped
      FROM (SELECT batch_id, sum(total)::int AS total, sum(in_use)::int AS in_use, sum(organisation)::int AS organisation,
                   sum(shipped)::int AS shipped
              FROM (SELECT p.batch_id, 1 AS total, (p.bike_id IS NOT NULL OR p.equipment_id IS NOT NULL)::int AS in_use, (p.bike_id IS NULL AND p.equipment_id IS NULL AND p.organisation_party_id IS NOT NULL)::int AS organisation, (p.bike_id IS NULL AND p.equipment_id IS NULL AND p.organisation_party_id IS NULL AND p.owner_party_id IS NOT NULL)::int AS shipped FROM new_plates p UNION ALL SELECT p.batch_id, -1 AS total, -(p.bike_id IS NOT NULL OR p.equipment_id IS NOT NULL)::int AS in_use, -(p.bike_id IS NULL AND p.equipment_id IS NULL AND p.organisation_party_id IS NOT NULL)::int AS organisation, -(p.bike_id IS NULL AND p.equipment_id IS NULL AND p.organisation_party_id IS NULL AND p.owner_party_id IS NOT NULL)::int AS shipped FROM old_plates p) c GROUP BY batch_id) d
      WHERE b.id = d.batch_id AND (d.total <> 0 OR d.in_use <> 0 OR d.organisation <> 0 OR d.shipped <> 0);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "plate_batch_counts_added" AFTER INSERT ON "plate" REFERENCING NEW TABLE AS new_plates
  FOR EACH STATEMENT EXECUTE FUNCTION "plate_batch_counts_changed"();--> statement-breakpoint
CREATE TRIGGER "plate_batch_counts_removed" AFTER DELETE ON "plate" REFERENCING OLD TABLE AS old_plates
  FOR EACH STATEMENT EXECUTE FUNCTION "plate_batch_counts_changed"();--> statement-breakpoint
CREATE TRIGGER "plate_batch_counts_changed" AFTER UPDATE ON "plate" REFERENCING OLD TABLE AS old_plates NEW TABLE AS new_plates
  FOR EACH STATEMENT EXECUTE FUNCTION "plate_batch_counts_changed"();--> statement-breakpoint
UPDATE "plate_batch" b SET
  "plate_count" = c.total, "in_use_count" = c.in_use, "organisation_count" = c.organisation, "shipped_count" = c.shipped
  FROM (SELECT p.batch_id, count(*)::int AS total, count(*) FILTER (WHERE (p.bike_id IS NOT NULL OR p.equipment_id IS NOT NULL))::int AS in_use,
               count(*) FILTER (WHERE (p.bike_id IS NULL AND p.equipment_id IS NULL AND p.organisation_party_id IS NOT NULL))::int AS organisation, count(*) FILTER (WHERE (p.bike_id IS NULL AND p.equipment_id IS NULL AND p.organisation_party_id IS NULL AND p.owner_party_id IS NOT NULL))::int AS shipped
          FROM "plate" p GROUP BY p.batch_id) c
  WHERE b.id = c.batch_id;
