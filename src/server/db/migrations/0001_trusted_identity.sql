CREATE TABLE "approval" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"party_id" uuid NOT NULL,
	"act" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "social_account" (
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"party_id" uuid NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_account_provider_subject_pk" PRIMARY KEY("provider","subject")
);
--> statement-breakpoint
CREATE TABLE "verification_session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"party_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"act" text,
	"state" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"success_url" text,
	"failure_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "identity" ADD COLUMN "eid_subject" text;--> statement-breakpoint
ALTER TABLE "identity" ADD COLUMN "eid_provider" text;--> statement-breakpoint
ALTER TABLE "identity" ADD COLUMN "verified_name" text;--> statement-breakpoint
ALTER TABLE "identity" ADD COLUMN "birthdate" text;--> statement-breakpoint
ALTER TABLE "identity" ADD COLUMN "acting_party_id" uuid;--> statement-breakpoint
ALTER TABLE "approval" ADD CONSTRAINT "approval_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_account" ADD CONSTRAINT "social_account_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_session" ADD CONSTRAINT "verification_session_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_party_idx" ON "approval" USING btree ("party_id","act");--> statement-breakpoint
CREATE INDEX "social_account_party_idx" ON "social_account" USING btree ("party_id");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_eid_subject_unique" ON "identity" USING btree ("eid_subject");