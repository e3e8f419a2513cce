CREATE TABLE "insurance_claim_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"status" text NOT NULL,
	"actor_party_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_claim" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"insurer_party_id" uuid NOT NULL,
	"theft_report_id" uuid,
	"bike_id" uuid,
	"owner_party_id" uuid,
	"policy_id" uuid,
	"status" text DEFAULT 'received' NOT NULL,
	"rejection_reason" text,
	"ownership_transfer_agreed" boolean DEFAULT false NOT NULL,
	"ownership_transferred_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_policy" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"insurer_party_id" uuid NOT NULL,
	"holder_party_id" uuid,
	"insurer_policy_id" text NOT NULL,
	"type" text NOT NULL,
	"coverage" text NOT NULL,
	"number_of_bikes" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"source" text NOT NULL,
	"pre_registration" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_policy_bikes" CHECK ("insurance_policy"."number_of_bikes" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "insurance_purchase" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"party_id" uuid,
	"insurer_party_id" uuid,
	"basket" jsonb NOT NULL,
	"checkout" jsonb NOT NULL,
	"cpr_encrypted" text NOT NULL,
	"premium_ore" integer NOT NULL,
	"policy_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insured_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"policy_id" uuid NOT NULL,
	"bike_id" uuid NOT NULL,
	"possession_status" text DEFAULT 'missing' NOT NULL,
	"lock_status" text DEFAULT 'missing' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lock_test_response" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"insurer_party_id" uuid NOT NULL,
	"policy_id" uuid,
	"owner_party_id" uuid NOT NULL,
	"bike_id" uuid,
	"email" text NOT NULL,
	"lock_type" text NOT NULL,
	"brand" text NOT NULL,
	"model" text,
	"key_number" text,
	"varefakta_number" text,
	"certificate_date" date,
	"frame_number_matches" boolean NOT NULL,
	"stamped_by_dealer" boolean NOT NULL,
	"certificate_document_id" uuid,
	"status" text DEFAULT 'submitted' NOT NULL,
	"rejection_reason" text,
	"reviewed_by_party_id" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "possession_verification" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"insurer_party_id" uuid NOT NULL,
	"insured_item_id" uuid,
	"bike_id" uuid NOT NULL,
	"owner_party_id" uuid NOT NULL,
	"frame_number_picture_id" uuid,
	"plate_picture_id" uuid,
	"receipt_document_id" uuid,
	"frame_number" text NOT NULL,
	"plate_id" text,
	"details" jsonb NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"rejection_reason" text,
	"reviewed_by_party_id" uuid,
	"reviewed_at" timestamp with time zone,
	"held_by_party_id" uuid,
	"held_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipment" ALTER COLUMN "order_line_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "picture" ADD COLUMN "perceptual_hash" text;--> statement-breakpoint
ALTER TABLE "shipment" ADD COLUMN "policy_id" uuid;--> statement-breakpoint
ALTER TABLE "insurance_claim_event" ADD CONSTRAINT "insurance_claim_event_claim_id_insurance_claim_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."insurance_claim"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claim_event" ADD CONSTRAINT "insurance_claim_event_actor_party_id_party_id_fk" FOREIGN KEY ("actor_party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claim" ADD CONSTRAINT "insurance_claim_insurer_party_id_party_id_fk" FOREIGN KEY ("insurer_party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claim" ADD CONSTRAINT "insurance_claim_theft_report_id_theft_report_id_fk" FOREIGN KEY ("theft_report_id") REFERENCES "public"."theft_report"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claim" ADD CONSTRAINT "insurance_claim_bike_id_bike_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bike"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claim" ADD CONSTRAINT "insurance_claim_owner_party_id_party_id_fk" FOREIGN KEY ("owner_party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claim" ADD CONSTRAINT "insurance_claim_policy_id_insurance_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."insurance_policy"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policy" ADD CONSTRAINT "insurance_policy_insurer_party_id_party_id_fk" FOREIGN KEY ("insurer_party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policy" ADD CONSTRAINT "insurance_policy_holder_party_id_party_id_fk" FOREIGN KEY ("holder_party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_purchase" ADD CONSTRAINT "insurance_purchase_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_purchase" ADD CONSTRAINT "insurance_purchase_insurer_party_id_party_id_fk" FOREIGN KEY ("insurer_party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_purchase" ADD CONSTRAINT "insurance_purchase_policy_id_insurance_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."insurance_policy"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insured_item" ADD CONSTRAINT "insured_item_policy_id_insurance_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."insurance_policy"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insured_item" ADD CONSTRAINT "insured_item_bike_id_bike_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bike"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_test_response" ADD CONSTRAINT "lock_test_response_insurer_party_id_party_id_fk" FOREIGN KEY ("insurer_party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_test_response" ADD CONSTRAINT "lock_test_response_policy_id_insurance_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."insurance_policy"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_test_response" ADD CONSTRAINT "lock_test_response_owner_party_id_party_id_fk" FOREIGN KEY ("owner_party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_test_response" ADD CONSTRAINT "lock_test_response_bike_id_bike_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bike"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_test_response" ADD CONSTRAINT "lock_test_response_certificate_document_id_document_id_fk" FOREIGN KEY ("certificate_document_id") REFERENCES "public"."document"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_test_response" ADD CONSTRAINT "lock_test_response_reviewed_by_party_id_party_id_fk" FOREIGN KEY ("reviewed_by_party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "possession_verification" ADD CONSTRAINT "possession_verification_insurer_party_id_party_id_fk" FOREIGN KEY ("insurer_party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "possession_verification" ADD CONSTRAINT "possession_verification_insured_item_id_insured_item_id_fk" FOREIGN KEY ("insured_item_id") REFERENCES "public"."insured_item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "possession_verification" ADD CONSTRAINT "possession_verification_bike_id_bike_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bike"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "possession_verification" ADD CONSTRAINT "possession_verification_owner_party_id_party_id_fk" FOREIGN KEY ("owner_party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "possession_verification" ADD CONSTRAINT "possession_verification_frame_number_picture_id_picture_id_fk" FOREIGN KEY ("frame_number_picture_id") REFERENCES "public"."picture"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "possession_verification" ADD CONSTRAINT "possession_verification_plate_picture_id_picture_id_fk" FOREIGN KEY ("plate_picture_id") REFERENCES "public"."picture"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "possession_verification" ADD CONSTRAINT "possession_verification_receipt_document_id_document_id_fk" FOREIGN KEY ("receipt_document_id") REFERENCES "public"."document"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "possession_verification" ADD CONSTRAINT "possession_verification_reviewed_by_party_id_party_id_fk" FOREIGN KEY ("reviewed_by_party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "possession_verification" ADD CONSTRAINT "possession_verification_held_by_party_id_party_id_fk" FOREIGN KEY ("held_by_party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insurance_claim_event_claim_idx" ON "insurance_claim_event" USING btree ("claim_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_claim_report_unique" ON "insurance_claim" USING btree ("theft_report_id");--> statement-breakpoint
CREATE INDEX "insurance_claim_insurer_idx" ON "insurance_claim" USING btree ("insurer_party_id","status","created_at");--> statement-breakpoint
CREATE INDEX "insurance_claim_owner_idx" ON "insurance_claim" USING btree ("owner_party_id");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_policy_number_unique" ON "insurance_policy" USING btree ("insurer_party_id","insurer_policy_id");--> statement-breakpoint
CREATE INDEX "insurance_policy_holder_idx" ON "insurance_policy" USING btree ("holder_party_id");--> statement-breakpoint
CREATE INDEX "insurance_purchase_party_idx" ON "insurance_purchase" USING btree ("party_id");--> statement-breakpoint
CREATE UNIQUE INDEX "insured_item_policy_bike_unique" ON "insured_item" USING btree ("policy_id","bike_id");--> statement-breakpoint
CREATE INDEX "insured_item_bike_idx" ON "insured_item" USING btree ("bike_id");--> statement-breakpoint
CREATE INDEX "lock_test_response_insurer_idx" ON "lock_test_response" USING btree ("insurer_party_id","status","created_at");--> statement-breakpoint
CREATE INDEX "possession_verification_insurer_idx" ON "possession_verification" USING btree ("insurer_party_id","status","created_at");--> statement-breakpoint
CREATE INDEX "possession_verification_bike_idx" ON "possession_verification" USING btree ("bike_id");--> statement-breakpoint
ALTER TABLE "shipment" ADD CONSTRAINT "shipment_policy_id_insurance_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."insurance_policy"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "picture_perceptual_hash_idx" ON "picture" USING btree ("perceptual_hash");--> statement-breakpoint
ALTER TABLE "shipment" ADD CONSTRAINT "shipment_of_order_or_policy" CHECK (("shipment"."order_line_id" is null) <> ("shipment"."policy_id" is null));