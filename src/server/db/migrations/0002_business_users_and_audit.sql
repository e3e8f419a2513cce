ALTER TABLE "organisation" ADD COLUMN "cvr_number" text;--> statement-breakpoint
ALTER TABLE "organisation" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_party_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_party_id","created_at");