CREATE TABLE "dev_payment_object" (
	"id" text PRIMARY KEY NOT NULL,
	"object" text NOT NULL,
	"status" text NOT NULL,
	"data" jsonb NOT NULL,
	"internal" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_event" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "payment_event_unprocessed_idx" ON "payment_event" USING btree ("received_at") WHERE "payment_event"."processed_at" is null;