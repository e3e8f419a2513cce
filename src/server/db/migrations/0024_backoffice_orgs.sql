CREATE TABLE "voucher_batch" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label" text NOT NULL,
	"count" integer NOT NULL,
	"credits" integer NOT NULL,
	"plan_type" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by_party_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bike_credit" ADD COLUMN "voucher_code" text;--> statement-breakpoint
ALTER TABLE "voucher" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "voucher_batch" ADD CONSTRAINT "voucher_batch_created_by_party_id_identity_party_id_fk" FOREIGN KEY ("created_by_party_id") REFERENCES "public"."identity"("party_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bike_credit" ADD CONSTRAINT "bike_credit_voucher_code_voucher_code_fk" FOREIGN KEY ("voucher_code") REFERENCES "public"."voucher"("code") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher" ADD CONSTRAINT "voucher_batch_id_voucher_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."voucher_batch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bike_credit_voucher_idx" ON "bike_credit" USING btree ("voucher_code");--> statement-breakpoint
CREATE INDEX "voucher_batch_idx" ON "voucher" USING btree ("batch_id");