CREATE TABLE "naf_membership" (
	"party_id" uuid PRIMARY KEY NOT NULL,
	"member_number" text NOT NULL,
	"extra_registration_claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webshop_order_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_code" text NOT NULL,
	"product_price_id" uuid,
	"quantity" integer NOT NULL,
	"unit_amount_ore" integer NOT NULL,
	"vat_rate_percent" integer NOT NULL,
	"member_discount_percent" integer,
	"gross_ore" integer NOT NULL,
	"vat_ore" integer NOT NULL,
	"net_ore" integer NOT NULL,
	CONSTRAINT "webshop_order_line_quantity" CHECK ("webshop_order_line"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "webshop_order" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"party_id" uuid NOT NULL,
	"placed_by_party_id" uuid,
	"family" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"kind" text NOT NULL,
	"plan_type" text,
	"region" text NOT NULL,
	"currency" text NOT NULL,
	"gross_ore" integer NOT NULL,
	"vat_ore" integer NOT NULL,
	"net_ore" integer NOT NULL,
	"bike_id" uuid,
	"naf_member_number" text,
	"provider" text DEFAULT 'stripe' NOT NULL,
	"provider_session_id" text,
	"provider_payment_intent_id" text,
	"provider_subscription_id" text,
	"capture_method" text NOT NULL,
	"captured_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webshop_order_provider_session_id_unique" UNIQUE("provider_session_id")
);
--> statement-breakpoint
CREATE TABLE "payment_customer" (
	"party_id" uuid PRIMARY KEY NOT NULL,
	"provider_customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customer_provider_customer_id_unique" UNIQUE("provider_customer_id")
);
--> statement-breakpoint
CREATE TABLE "receipt_series" (
	"series" text PRIMARY KEY NOT NULL,
	"next_number" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"series" text NOT NULL,
	"number" integer NOT NULL,
	"party_id" uuid NOT NULL,
	"order_id" uuid,
	"provider_invoice_id" text,
	"currency" text NOT NULL,
	"gross_ore" integer NOT NULL,
	"vat_ore" integer NOT NULL,
	"net_ore" integer NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_provider_invoice_id_unique" UNIQUE("provider_invoice_id")
);
--> statement-breakpoint
CREATE TABLE "shipment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_line_id" uuid NOT NULL,
	"party_id" uuid NOT NULL,
	"status" text DEFAULT 'ordered' NOT NULL,
	"address" jsonb NOT NULL,
	"plate_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_order_line_id_unique" UNIQUE("order_line_id")
);
--> statement-breakpoint
ALTER TABLE "bike_credit" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_event" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_event" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "provider_status" text;--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "provider_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "naf_membership" ADD CONSTRAINT "naf_membership_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webshop_order_line" ADD CONSTRAINT "webshop_order_line_order_id_webshop_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."webshop_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webshop_order_line" ADD CONSTRAINT "webshop_order_line_product_code_product_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."product"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webshop_order_line" ADD CONSTRAINT "webshop_order_line_product_price_id_product_price_id_fk" FOREIGN KEY ("product_price_id") REFERENCES "public"."product_price"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webshop_order" ADD CONSTRAINT "webshop_order_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webshop_order" ADD CONSTRAINT "webshop_order_placed_by_party_id_identity_party_id_fk" FOREIGN KEY ("placed_by_party_id") REFERENCES "public"."identity"("party_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webshop_order" ADD CONSTRAINT "webshop_order_bike_id_bike_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bike"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customer" ADD CONSTRAINT "payment_customer_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt" ADD CONSTRAINT "receipt_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment" ADD CONSTRAINT "shipment_order_line_id_webshop_order_line_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."webshop_order_line"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment" ADD CONSTRAINT "shipment_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webshop_order_line_position_unique" ON "webshop_order_line" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "webshop_order_party_idx" ON "webshop_order" USING btree ("party_id","created_at");--> statement-breakpoint
CREATE INDEX "webshop_order_pending_idx" ON "webshop_order" USING btree ("created_at") WHERE "webshop_order"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webshop_order_subscription_idx" ON "webshop_order" USING btree ("provider_subscription_id");--> statement-breakpoint
CREATE INDEX "webshop_order_payment_intent_idx" ON "webshop_order" USING btree ("provider_payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_series_number_unique" ON "receipt" USING btree ("series","number");--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_order_unique" ON "receipt" USING btree ("order_id") WHERE "receipt"."provider_invoice_id" is null;--> statement-breakpoint
CREATE INDEX "receipt_party_idx" ON "receipt" USING btree ("party_id","issued_at");--> statement-breakpoint
CREATE INDEX "shipment_status_idx" ON "shipment" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "shipment_party_idx" ON "shipment" USING btree ("party_id");--> statement-breakpoint
ALTER TABLE "bike_credit" ADD CONSTRAINT "bike_credit_order_id_webshop_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."webshop_order"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
INSERT INTO "receipt_series" ("series", "next_number") VALUES ('dk', 1), ('no', 1) ON CONFLICT DO NOTHING;
