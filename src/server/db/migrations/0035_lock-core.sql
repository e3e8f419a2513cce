ALTER TABLE "lock" ADD COLUMN "reported_seq" integer;--> statement-breakpoint
ALTER TABLE "lock" ADD COLUMN "connection_id" uuid;