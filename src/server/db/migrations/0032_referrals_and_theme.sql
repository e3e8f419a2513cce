ALTER TABLE "identity" ADD COLUMN "referral_code" text;--> statement-breakpoint
ALTER TABLE "identity" ADD COLUMN "referred_by" uuid;--> statement-breakpoint
ALTER TABLE "identity" ADD COLUMN "theme" text;--> statement-breakpoint
ALTER TABLE "identity" ADD CONSTRAINT "identity_referred_by_party_id_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_referral_code_unique" ON "identity" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "identity_referred_by_idx" ON "identity" USING btree ("referred_by");