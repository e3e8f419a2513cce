CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
CREATE TABLE "bike_credit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"party_id" uuid NOT NULL,
	"bike_ownership_id" uuid,
	"plan_type" text DEFAULT 'SINGLE' NOT NULL,
	"source" text NOT NULL,
	"provider_subscription_id" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bike_ownership" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bike_id" uuid NOT NULL,
	"party_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text
);
--> statement-breakpoint
CREATE TABLE "bike" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"frame_number" text,
	"frame_number_normalised" text,
	"nickname" text,
	"normal_price_dkk" integer,
	"purchase_date" text,
	"type_id" text,
	"color_id" text,
	"is_electric" boolean DEFAULT false NOT NULL,
	"model" text,
	"category_id" text,
	"brand_id" text,
	"brand_name" text,
	"production_year" integer,
	"searchable" boolean DEFAULT true NOT NULL,
	"reported_stolen" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bike_id" uuid NOT NULL,
	"equipment_id" uuid,
	"ownership_id" uuid,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bike_id" uuid NOT NULL,
	"item_type_memo" text DEFAULT 'battery' NOT NULL,
	"note" text,
	"serial_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"dna_paste_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"manufacturer_name" text,
	"product_name" text,
	"frame_number_match" boolean,
	"has_signature" boolean,
	"varefakta_number" text,
	"lock_date" text,
	"physical_key_number" text,
	"lock_type_memo" text,
	"accessory_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "picture" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bike_id" uuid NOT NULL,
	"ownership_id" uuid,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plate_batch" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'standard' NOT NULL,
	"includes_registration" boolean DEFAULT false NOT NULL,
	"insurer_party_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plate" (
	"id" text PRIMARY KEY NOT NULL,
	"batch_id" uuid NOT NULL,
	"bike_id" uuid,
	"equipment_id" uuid,
	"assigned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_trash" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription" (
	"party_id" uuid PRIMARY KEY NOT NULL,
	"plan_type" text DEFAULT 'SINGLE' NOT NULL,
	"current_period_end" timestamp with time zone,
	"provider_subscription_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_redemption" (
	"code" text NOT NULL,
	"party_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_redemption_code_party_id_pk" PRIMARY KEY("code","party_id")
);
--> statement-breakpoint
CREATE TABLE "voucher" (
	"code" text PRIMARY KEY NOT NULL,
	"credits" integer DEFAULT 1 NOT NULL,
	"plan_type" text DEFAULT 'SINGLE' NOT NULL,
	"max_redemptions" integer DEFAULT 1 NOT NULL,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bike_credit" ADD CONSTRAINT "bike_credit_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bike_credit" ADD CONSTRAINT "bike_credit_bike_ownership_id_bike_ownership_id_fk" FOREIGN KEY ("bike_ownership_id") REFERENCES "public"."bike_ownership"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bike_ownership" ADD CONSTRAINT "bike_ownership_bike_id_bike_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bike"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bike_ownership" ADD CONSTRAINT "bike_ownership_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_bike_id_bike_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bike"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_ownership_id_bike_ownership_id_fk" FOREIGN KEY ("ownership_id") REFERENCES "public"."bike_ownership"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_bike_id_bike_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bike"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picture" ADD CONSTRAINT "picture_bike_id_bike_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bike"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picture" ADD CONSTRAINT "picture_ownership_id_bike_ownership_id_fk" FOREIGN KEY ("ownership_id") REFERENCES "public"."bike_ownership"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plate_batch" ADD CONSTRAINT "plate_batch_insurer_party_id_party_id_fk" FOREIGN KEY ("insurer_party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plate" ADD CONSTRAINT "plate_batch_id_plate_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."plate_batch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plate" ADD CONSTRAINT "plate_bike_id_bike_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bike"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plate" ADD CONSTRAINT "plate_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemption" ADD CONSTRAINT "voucher_redemption_code_voucher_code_fk" FOREIGN KEY ("code") REFERENCES "public"."voucher"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemption" ADD CONSTRAINT "voucher_redemption_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bike_credit_party_idx" ON "bike_credit" USING btree ("party_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bike_credit_ownership_unique" ON "bike_credit" USING btree ("bike_ownership_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bike_ownership_current_unique" ON "bike_ownership" USING btree ("bike_id") WHERE "bike_ownership"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "bike_ownership_party_idx" ON "bike_ownership" USING btree ("party_id","ended_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bike_frame_number_unique" ON "bike" USING btree ("frame_number_normalised");--> statement-breakpoint
CREATE INDEX "bike_frame_number_trgm_idx" ON "bike" USING gist ("frame_number_normalised" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "document_bike_idx" ON "document" USING btree ("bike_id");--> statement-breakpoint
CREATE INDEX "document_equipment_idx" ON "document" USING btree ("equipment_id");--> statement-breakpoint
CREATE INDEX "equipment_bike_idx" ON "equipment" USING btree ("bike_id");--> statement-breakpoint
CREATE INDEX "picture_bike_idx" ON "picture" USING btree ("bike_id","kind");--> statement-breakpoint
CREATE INDEX "plate_bike_idx" ON "plate" USING btree ("bike_id");--> statement-breakpoint
CREATE INDEX "plate_equipment_idx" ON "plate" USING btree ("equipment_id");--> statement-breakpoint
CREATE INDEX "plate_batch_idx" ON "plate" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "plate_id_trgm_idx" ON "plate" USING gist ("id" gist_trgm_ops);