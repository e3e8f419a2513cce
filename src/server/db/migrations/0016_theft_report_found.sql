DROP INDEX "theft_report_bike_unique";--> statement-breakpoint
ALTER TABLE "theft_report" ADD COLUMN "found_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "theft_report_bike_unique" ON "theft_report" USING btree ("bike_id") WHERE "theft_report"."found_at" is null;