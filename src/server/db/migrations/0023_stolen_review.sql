ALTER TABLE "theft_report" ADD COLUMN "review_state" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "theft_report" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "theft_report" ADD COLUMN "merged_into_report_id" uuid;--> statement-breakpoint
ALTER TABLE "theft_report" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "theft_report" ADD COLUMN "reviewed_by_party_id" uuid;--> statement-breakpoint
ALTER TABLE "theft_report" ADD COLUMN "place_postal_code" text GENERATED ALWAYS AS (coalesce(substring(place from '(?:^|[\s,;])(?:(?:DK|NO|N)-)?([0-9]{4})\s+[[:alpha:]][^,;]*$'), substring(place from '(?:^|[\s,;])(?:(?:DK|NO|N)-)?([0-9]{4})\s+[[:alpha:]]'))) STORED;--> statement-breakpoint
ALTER TABLE "theft_report" ADD COLUMN "frame_number_key" text GENERATED ALWAYS AS (upper(regexp_replace(frame_number, '[\s./\\_-]', '', 'g'))) STORED;--> statement-breakpoint
ALTER TABLE "theft_report" ADD CONSTRAINT "theft_report_merged_into_report_id_theft_report_id_fk" FOREIGN KEY ("merged_into_report_id") REFERENCES "public"."theft_report"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theft_report" ADD CONSTRAINT "theft_report_reviewed_by_party_id_party_id_fk" FOREIGN KEY ("reviewed_by_party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "theft_report_review_idx" ON "theft_report" USING btree ("review_state","created_at") WHERE "theft_report"."found_at" is null;--> statement-breakpoint
CREATE INDEX "theft_report_frame_key_idx" ON "theft_report" USING btree ("frame_number_key");--> statement-breakpoint
-- hand-written
-- The reports filed before staff reviewed them were already on the public map: they stay there, approved.
UPDATE "theft_report" SET "review_state" = 'approved', "reviewed_at" = "created_at";
