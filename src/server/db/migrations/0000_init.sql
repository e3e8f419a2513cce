CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_party_id" uuid,
	"action" text NOT NULL,
	"target_party_id" uuid,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"party_id" uuid NOT NULL,
	"type" text NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category" text NOT NULL,
	"action" text NOT NULL,
	"name" text,
	"event_id" text,
	"source_url" text,
	"installed" boolean DEFAULT false NOT NULL,
	"data" jsonb,
	"party_id" uuid,
	"session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity" (
	"party_id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"role" text DEFAULT 'private' NOT NULL,
	"language" text DEFAULT 'da' NOT NULL,
	"region" text DEFAULT 'dk' NOT NULL,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"mobile" text,
	"street" text,
	"city" text,
	"zip_code" text,
	"floor" text,
	"side" text,
	"door" text,
	"cpr_encrypted" text,
	"pending_email" text,
	"email_verified_at" timestamp with time zone,
	"verified_on" timestamp with time zone,
	"signed_up_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tokens_valid_after" timestamp with time zone DEFAULT 'epoch' NOT NULL,
	"friend_ref" text,
	"user_ref" text
);
--> statement-breakpoint
CREATE TABLE "one_time_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"party_id" uuid NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_member" (
	"organisation_party_id" uuid NOT NULL,
	"identity_party_id" uuid NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_member_organisation_party_id_identity_party_id_pk" PRIMARY KEY("organisation_party_id","identity_party_id")
);
--> statement-breakpoint
CREATE TABLE "organisation" (
	"party_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"organisation_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"party_id" uuid,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "party" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent" ADD CONSTRAINT "consent_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity" ADD CONSTRAINT "identity_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_token" ADD CONSTRAINT "one_time_token_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_member" ADD CONSTRAINT "organisation_member_organisation_party_id_organisation_party_id_fk" FOREIGN KEY ("organisation_party_id") REFERENCES "public"."organisation"("party_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_member" ADD CONSTRAINT "organisation_member_identity_party_id_identity_party_id_fk" FOREIGN KEY ("identity_party_id") REFERENCES "public"."identity"("party_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation" ADD CONSTRAINT "organisation_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_party_idx" ON "consent" USING btree ("party_id","type","created_at");--> statement-breakpoint
CREATE INDEX "event_category_action_idx" ON "event" USING btree ("category","action","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_email_unique" ON "identity" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "one_time_token_party_idx" ON "one_time_token" USING btree ("party_id","kind");--> statement-breakpoint
CREATE INDEX "mail_outbox_unsent_idx" ON "mail_outbox" USING btree ("created_at") WHERE "mail_outbox"."sent_at" is null;