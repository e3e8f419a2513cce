CREATE TABLE "product_price" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_code" text NOT NULL,
	"region" text NOT NULL,
	"currency" text NOT NULL,
	"unit_amount_ore" integer NOT NULL,
	"vat_rate_percent" integer NOT NULL,
	"member_discount_percent" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_price_currency_of_region" CHECK (("product_price"."region" = 'dk' and "product_price"."currency" = 'DKK') or ("product_price"."region" = 'no' and "product_price"."currency" = 'NOK')),
	CONSTRAINT "product_price_amount" CHECK ("product_price"."unit_amount_ore" >= 0),
	CONSTRAINT "product_price_vat_rate" CHECK ("product_price"."vat_rate_percent" between 0 and 100),
	CONSTRAINT "product_price_member_discount" CHECK ("product_price"."member_discount_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "product" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"plan_type" text,
	"billing_interval" text,
	"max_quantity" integer NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_price" ADD CONSTRAINT "product_price_product_code_product_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."product"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_price_active_unique" ON "product_price" USING btree ("product_code","region") WHERE "product_price"."active";