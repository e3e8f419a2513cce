CREATE TABLE "dock_alarm" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lock_id" uuid NOT NULL,
	"party_id" uuid,
	"bike_id" uuid,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"theft_report_id" uuid,
	"dismissed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dock" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_party_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"access" text DEFAULT 'members' NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_definition" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memo" text NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"definition" jsonb NOT NULL,
	"created_by_party_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "flow_response" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flow_definition_id" uuid NOT NULL,
	"memo" text NOT NULL,
	"party_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"current_step" text,
	"result" jsonb,
	"language" text DEFAULT 'da' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lock_command" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lock_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"party_id" uuid,
	"bike_id" uuid,
	"status" text DEFAULT 'sent' NOT NULL,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"deadline_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lock_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lock_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"party_id" uuid,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lock" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dock_id" uuid NOT NULL,
	"label" text NOT NULL,
	"secret_hash" text NOT NULL,
	"desired_state" text,
	"reported_state" text,
	"reported_at" timestamp with time zone,
	"connected" boolean DEFAULT false NOT NULL,
	"occupant_party_id" uuid,
	"occupant_bike_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dock_alarm" ADD CONSTRAINT "dock_alarm_lock_id_lock_id_fk" FOREIGN KEY ("lock_id") REFERENCES "public"."lock"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dock_alarm" ADD CONSTRAINT "dock_alarm_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dock_alarm" ADD CONSTRAINT "dock_alarm_bike_id_bike_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bike"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dock_alarm" ADD CONSTRAINT "dock_alarm_theft_report_id_theft_report_id_fk" FOREIGN KEY ("theft_report_id") REFERENCES "public"."theft_report"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dock" ADD CONSTRAINT "dock_owner_party_id_organisation_party_id_fk" FOREIGN KEY ("owner_party_id") REFERENCES "public"."organisation"("party_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_definition" ADD CONSTRAINT "flow_definition_created_by_party_id_party_id_fk" FOREIGN KEY ("created_by_party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_response" ADD CONSTRAINT "flow_response_flow_definition_id_flow_definition_id_fk" FOREIGN KEY ("flow_definition_id") REFERENCES "public"."flow_definition"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_response" ADD CONSTRAINT "flow_response_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_command" ADD CONSTRAINT "lock_command_lock_id_lock_id_fk" FOREIGN KEY ("lock_id") REFERENCES "public"."lock"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_command" ADD CONSTRAINT "lock_command_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_command" ADD CONSTRAINT "lock_command_bike_id_bike_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bike"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_event" ADD CONSTRAINT "lock_event_lock_id_lock_id_fk" FOREIGN KEY ("lock_id") REFERENCES "public"."lock"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_event" ADD CONSTRAINT "lock_event_party_id_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock" ADD CONSTRAINT "lock_dock_id_dock_id_fk" FOREIGN KEY ("dock_id") REFERENCES "public"."dock"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock" ADD CONSTRAINT "lock_occupant_party_id_party_id_fk" FOREIGN KEY ("occupant_party_id") REFERENCES "public"."party"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock" ADD CONSTRAINT "lock_occupant_bike_id_bike_id_fk" FOREIGN KEY ("occupant_bike_id") REFERENCES "public"."bike"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dock_alarm_party_idx" ON "dock_alarm" USING btree ("party_id","raised_at");--> statement-breakpoint
CREATE INDEX "dock_owner_idx" ON "dock" USING btree ("owner_party_id");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_definition_memo_version_unique" ON "flow_definition" USING btree ("memo","version");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_definition_one_published" ON "flow_definition" USING btree ("memo") WHERE "flow_definition"."status" = 'published';--> statement-breakpoint
CREATE UNIQUE INDEX "flow_definition_one_draft" ON "flow_definition" USING btree ("memo") WHERE "flow_definition"."status" = 'draft';--> statement-breakpoint
CREATE UNIQUE INDEX "flow_response_one_draft" ON "flow_response" USING btree ("party_id","memo") WHERE "flow_response"."status" = 'draft';--> statement-breakpoint
CREATE INDEX "flow_response_submitted_idx" ON "flow_response" USING btree ("memo","submitted_at");--> statement-breakpoint
CREATE INDEX "flow_response_definition_idx" ON "flow_response" USING btree ("flow_definition_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lock_command_one_pending" ON "lock_command" USING btree ("lock_id") WHERE "lock_command"."status" in ('sent', 'received');--> statement-breakpoint
CREATE INDEX "lock_command_lock_idx" ON "lock_command" USING btree ("lock_id","created_at");--> statement-breakpoint
CREATE INDEX "lock_event_lock_idx" ON "lock_event" USING btree ("lock_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "lock_dock_label_unique" ON "lock" USING btree ("dock_id","label");