CREATE TABLE "dev_payment_object" (
	"id" text PRIMARY KEY NOT NULL,
	"object" text NOT NULL,
	"status" text NOT NULL,
	"data" jsonb NOT NULL,
	"internal" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
