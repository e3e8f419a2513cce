CREATE TABLE "distributor" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"street" text NOT NULL,
	"postcode" text NOT NULL,
	"city" text NOT NULL,
	"search_city" text NOT NULL,
	"region" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"phone" text,
	"website" text,
	"offers" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscription" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"party_id" uuid,
	"language" text NOT NULL,
	"region" text NOT NULL,
	"state" text NOT NULL,
	"consent_text_key" text NOT NULL,
	"consent_text_version" text NOT NULL,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"unsubscribe_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "newsletter_subscription" ADD CONSTRAINT "newsletter_subscription_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "distributor_postcode_idx" ON "distributor" USING btree ("region","postcode");--> statement-breakpoint
CREATE INDEX "distributor_city_idx" ON "distributor" USING btree ("region","search_city");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscription_email_unique" ON "newsletter_subscription" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscription_unsubscribe_unique" ON "newsletter_subscription" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscription_confirm_unique" ON "newsletter_subscription" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "newsletter_subscription_party_idx" ON "newsletter_subscription" USING btree ("party_id");--> statement-breakpoint
CREATE INDEX "newsletter_subscription_state_idx" ON "newsletter_subscription" USING btree ("state");