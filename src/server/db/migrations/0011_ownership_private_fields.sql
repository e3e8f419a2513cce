-- The nickname, purchase price and purchase date are the owner's, not the bike's: they move from bike to
-- bike_ownership, so a new owner no longer inherits the previous owner's. Each value goes to the ownership
-- that wrote it: the one of the latest "updated" event naming the field, else the bike's first ownership
-- (the registration). Safe to run again: every step checks first.
ALTER TABLE "bike_ownership" ADD COLUMN IF NOT EXISTS "nickname" text;--> statement-breakpoint
ALTER TABLE "bike_ownership" ADD COLUMN IF NOT EXISTS "normal_price_dkk" integer;--> statement-breakpoint
ALTER TABLE "bike_ownership" ADD COLUMN IF NOT EXISTS "purchase_date" text;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'bike' AND column_name = 'nickname'
  ) THEN
    UPDATE "bike_ownership" AS o SET "nickname" = b."nickname"
    FROM "bike" AS b
    WHERE b."id" = o."bike_id" AND b."nickname" IS NOT NULL AND o."nickname" IS NULL
      AND o."id" = coalesce(
        (SELECT e."ownership_id" FROM "bike_event" AS e JOIN "bike_ownership" AS w ON w."id" = e."ownership_id"
          WHERE e."bike_id" = b."id" AND e."kind" = 'updated' AND e."data" -> 'fields' @> '["nickname"]'::jsonb
          ORDER BY e."created_at" DESC, e."id" DESC LIMIT 1),
        (SELECT f."id" FROM "bike_ownership" AS f WHERE f."bike_id" = b."id" ORDER BY f."started_at", f."id" LIMIT 1));
  END IF;
  IF EXISTS (
    SELECT 1 FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'bike' AND column_name = 'normal_price_dkk'
  ) THEN
    UPDATE "bike_ownership" AS o SET "normal_price_dkk" = b."normal_price_dkk"
    FROM "bike" AS b
    WHERE b."id" = o."bike_id" AND b."normal_price_dkk" IS NOT NULL AND o."normal_price_dkk" IS NULL
      AND o."id" = coalesce(
        (SELECT e."ownership_id" FROM "bike_event" AS e JOIN "bike_ownership" AS w ON w."id" = e."ownership_id"
          WHERE e."bike_id" = b."id" AND e."kind" = 'updated' AND e."data" -> 'fields' @> '["normal_price_dkk"]'::jsonb
          ORDER BY e."created_at" DESC, e."id" DESC LIMIT 1),
        (SELECT f."id" FROM "bike_ownership" AS f WHERE f."bike_id" = b."id" ORDER BY f."started_at", f."id" LIMIT 1));
  END IF;
  IF EXISTS (
    SELECT 1 FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'bike' AND column_name = 'purchase_date'
  ) THEN
    UPDATE "bike_ownership" AS o SET "purchase_date" = b."purchase_date"
    FROM "bike" AS b
    WHERE b."id" = o."bike_id" AND b."purchase_date" IS NOT NULL AND o."purchase_date" IS NULL
      AND o."id" = coalesce(
        (SELECT e."ownership_id" FROM "bike_event" AS e JOIN "bike_ownership" AS w ON w."id" = e."ownership_id"
          WHERE e."bike_id" = b."id" AND e."kind" = 'updated' AND e."data" -> 'fields' @> '["purchase_date"]'::jsonb
          ORDER BY e."created_at" DESC, e."id" DESC LIMIT 1),
        (SELECT f."id" FROM "bike_ownership" AS f WHERE f."bike_id" = b."id" ORDER BY f."started_at", f."id" LIMIT 1));
  END IF;
END $$;--> statement-breakpoint
ALTER TABLE "bike" DROP COLUMN IF EXISTS "nickname";--> statement-breakpoint
ALTER TABLE "bike" DROP COLUMN IF EXISTS "normal_price_dkk";--> statement-breakpoint
ALTER TABLE "bike" DROP COLUMN IF EXISTS "purchase_date";
