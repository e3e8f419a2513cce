ALTER TABLE "identity" ADD COLUMN "login_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "identity" ADD COLUMN "login_failures_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity" ADD COLUMN "login_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity" ADD COLUMN "login_locks" integer DEFAULT 0 NOT NULL;