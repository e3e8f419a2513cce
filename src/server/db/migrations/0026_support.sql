CREATE TABLE "support_canned_reply" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body_da" text NOT NULL,
	"body_en" text NOT NULL,
	"body_no" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "assignee_party_id" uuid;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "visitor_email" text;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "visitor_name" text;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_assignee_party_id_party_id_fk" FOREIGN KEY ("assignee_party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_assignee_idx" ON "ticket" USING btree ("assignee_party_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_support_party_unique" ON "ticket" USING btree ("reporter_party_id") WHERE "ticket"."kind" = 'support';