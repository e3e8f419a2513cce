CREATE TABLE "bike_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bike_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_party_id" uuid,
	"ownership_id" uuid,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_block" (
	"blocker_party_id" uuid NOT NULL,
	"blocked_party_id" uuid NOT NULL,
	"chat_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_block_blocker_party_id_blocked_party_id_pk" PRIMARY KEY("blocker_party_id","blocked_party_id")
);
--> statement-breakpoint
CREATE TABLE "chat_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chat_id" uuid NOT NULL,
	"sender_party_id" uuid,
	"kind" text DEFAULT 'text' NOT NULL,
	"content" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"photo_key" text,
	"photo_thumbnail_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_participant" (
	"chat_id" uuid NOT NULL,
	"party_id" uuid NOT NULL,
	"role" text NOT NULL,
	"last_read_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"shares_contact" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "chat_participant_chat_id_party_id_pk" PRIMARY KEY("chat_id","party_id")
);
--> statement-breakpoint
CREATE TABLE "chat" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_kind" text DEFAULT 'bike' NOT NULL,
	"bike_id" uuid,
	"kind" text DEFAULT 'contact' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ownership_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bike_id" uuid NOT NULL,
	"requester_party_id" uuid NOT NULL,
	"owner_party_id" uuid NOT NULL,
	"chat_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"transfer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ownership_transfer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bike_id" uuid NOT NULL,
	"from_ownership_id" uuid NOT NULL,
	"from_party_id" uuid NOT NULL,
	"to_email" text NOT NULL,
	"to_party_id" uuid,
	"to_ownership_id" uuid,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"hand_over_pictures" boolean DEFAULT false NOT NULL,
	"hand_over_documents" boolean DEFAULT false NOT NULL,
	"price_dkk" integer,
	"request_chat_id" uuid,
	"seller_approved_at" timestamp with time zone,
	"buyer_approved_at" timestamp with time zone,
	"bill_of_sale_key" text,
	"bill_of_sale_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ownership_verification" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bike_id" uuid NOT NULL,
	"ownership_id" uuid NOT NULL,
	"party_id" uuid NOT NULL,
	"frame_picture_id" uuid,
	"status" text DEFAULT 'frame_pending' NOT NULL,
	"verified_at" timestamp with time zone,
	"rejected_by_party_id" uuid,
	"reject_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_link" (
	"id" text PRIMARY KEY NOT NULL,
	"bike_id" uuid NOT NULL,
	"ownership_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ticket" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"reporter_party_id" uuid,
	"chat_id" uuid,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bike_event" ADD CONSTRAINT "bike_event_bike_id_bike_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bike"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_block" ADD CONSTRAINT "chat_block_blocker_party_id_party_id_fk" FOREIGN KEY ("blocker_party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_block" ADD CONSTRAINT "chat_block_blocked_party_id_party_id_fk" FOREIGN KEY ("blocked_party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_block" ADD CONSTRAINT "chat_block_chat_id_chat_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chat"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_chat_id_chat_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chat"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_sender_party_id_party_id_fk" FOREIGN KEY ("sender_party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_participant" ADD CONSTRAINT "chat_participant_chat_id_chat_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chat"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_participant" ADD CONSTRAINT "chat_participant_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat" ADD CONSTRAINT "chat_bike_id_bike_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bike"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_request" ADD CONSTRAINT "ownership_request_bike_id_bike_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bike"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_request" ADD CONSTRAINT "ownership_request_requester_party_id_party_id_fk" FOREIGN KEY ("requester_party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_request" ADD CONSTRAINT "ownership_request_owner_party_id_party_id_fk" FOREIGN KEY ("owner_party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_request" ADD CONSTRAINT "ownership_request_chat_id_chat_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chat"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_request" ADD CONSTRAINT "ownership_request_transfer_id_ownership_transfer_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ownership_transfer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_transfer" ADD CONSTRAINT "ownership_transfer_bike_id_bike_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bike"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_transfer" ADD CONSTRAINT "ownership_transfer_from_ownership_id_bike_ownership_id_fk" FOREIGN KEY ("from_ownership_id") REFERENCES "public"."bike_ownership"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_transfer" ADD CONSTRAINT "ownership_transfer_from_party_id_party_id_fk" FOREIGN KEY ("from_party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_transfer" ADD CONSTRAINT "ownership_transfer_to_party_id_party_id_fk" FOREIGN KEY ("to_party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_transfer" ADD CONSTRAINT "ownership_transfer_to_ownership_id_bike_ownership_id_fk" FOREIGN KEY ("to_ownership_id") REFERENCES "public"."bike_ownership"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_transfer" ADD CONSTRAINT "ownership_transfer_request_chat_id_chat_id_fk" FOREIGN KEY ("request_chat_id") REFERENCES "public"."chat"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_verification" ADD CONSTRAINT "ownership_verification_bike_id_bike_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bike"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_verification" ADD CONSTRAINT "ownership_verification_ownership_id_bike_ownership_id_fk" FOREIGN KEY ("ownership_id") REFERENCES "public"."bike_ownership"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_verification" ADD CONSTRAINT "ownership_verification_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_verification" ADD CONSTRAINT "ownership_verification_frame_picture_id_picture_id_fk" FOREIGN KEY ("frame_picture_id") REFERENCES "public"."picture"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_link" ADD CONSTRAINT "sales_link_bike_id_bike_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bike"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_link" ADD CONSTRAINT "sales_link_ownership_id_bike_ownership_id_fk" FOREIGN KEY ("ownership_id") REFERENCES "public"."bike_ownership"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_reporter_party_id_party_id_fk" FOREIGN KEY ("reporter_party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_chat_id_chat_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chat"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bike_event_bike_idx" ON "bike_event" USING btree ("bike_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_message_chat_idx" ON "chat_message" USING btree ("chat_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_participant_party_idx" ON "chat_participant" USING btree ("party_id");--> statement-breakpoint
CREATE INDEX "chat_bike_idx" ON "chat" USING btree ("bike_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ownership_request_pending_unique" ON "ownership_request" USING btree ("bike_id","requester_party_id") WHERE "ownership_request"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "ownership_request_owner_idx" ON "ownership_request" USING btree ("owner_party_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ownership_transfer_token_unique" ON "ownership_transfer" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "ownership_transfer_pending_unique" ON "ownership_transfer" USING btree ("bike_id") WHERE "ownership_transfer"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "ownership_transfer_from_idx" ON "ownership_transfer" USING btree ("from_party_id","created_at");--> statement-breakpoint
CREATE INDEX "ownership_transfer_to_idx" ON "ownership_transfer" USING btree ("to_party_id","created_at");--> statement-breakpoint
CREATE INDEX "ownership_verification_bike_idx" ON "ownership_verification" USING btree ("bike_id","created_at");--> statement-breakpoint
CREATE INDEX "ownership_verification_status_idx" ON "ownership_verification" USING btree ("status");--> statement-breakpoint
CREATE INDEX "sales_link_bike_idx" ON "sales_link" USING btree ("bike_id");--> statement-breakpoint
CREATE INDEX "ticket_status_idx" ON "ticket" USING btree ("status","created_at");