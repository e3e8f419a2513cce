CREATE TABLE "stolen_map_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "theft_report" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bike_id" uuid NOT NULL,
	"ownership_id" uuid NOT NULL,
	"reporter_party_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"street_address" text NOT NULL,
	"city" text NOT NULL,
	"zip_code" text NOT NULL,
	"mobile" text NOT NULL,
	"telephone" text,
	"floor" text,
	"side" text,
	"door" text,
	"cpr_encrypted" text NOT NULL,
	"frame_number" text NOT NULL,
	"bike_category" text NOT NULL,
	"is_electric" boolean NOT NULL,
	"bike_color" text NOT NULL,
	"lock_status" text NOT NULL,
	"battery_location" text,
	"time_last_seen" timestamp with time zone NOT NULL,
	"noted_time" timestamp with time zone NOT NULL,
	"place" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"location_id" text NOT NULL,
	"public_latitude" double precision NOT NULL,
	"public_longitude" double precision NOT NULL,
	"region" text NOT NULL,
	"is_culprit_known" boolean NOT NULL,
	"is_culprit_recognizable" boolean NOT NULL,
	"culprit_info" text,
	"has_witness" boolean NOT NULL,
	"witnesses" text,
	"is_insured" boolean NOT NULL,
	"insurer_party_id" uuid,
	"bike_price" integer NOT NULL,
	"police_report_requested" boolean NOT NULL,
	"shared_with_insurer_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "theft_report" ADD CONSTRAINT "theft_report_bike_id_bike_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bike"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theft_report" ADD CONSTRAINT "theft_report_ownership_id_bike_ownership_id_fk" FOREIGN KEY ("ownership_id") REFERENCES "public"."bike_ownership"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theft_report" ADD CONSTRAINT "theft_report_reporter_party_id_party_id_fk" FOREIGN KEY ("reporter_party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theft_report" ADD CONSTRAINT "theft_report_insurer_party_id_party_id_fk" FOREIGN KEY ("insurer_party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "theft_report_bike_unique" ON "theft_report" USING btree ("bike_id");--> statement-breakpoint
CREATE INDEX "theft_report_noted_idx" ON "theft_report" USING btree ("noted_time");--> statement-breakpoint
CREATE INDEX "theft_report_insurer_idx" ON "theft_report" USING btree ("insurer_party_id");--> statement-breakpoint
INSERT INTO "stolen_map_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
