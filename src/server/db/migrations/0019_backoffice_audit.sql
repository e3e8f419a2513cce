ALTER TABLE "audit_log" ADD COLUMN "record_type" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "record_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "after" jsonb;--> statement-breakpoint
CREATE INDEX "audit_log_record_idx" ON "audit_log" USING btree ("record_type","record_id","created_at");--> statement-breakpoint
-- Append-only: an entry is never deleted, and of an entry only data may change (the switch-user hook adds the answer's status).
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'audit_log is append-only';
  END IF;
  IF (NEW.id, NEW.actor_party_id, NEW.action, NEW.target_party_id, NEW.record_type, NEW.record_id, NEW.before, NEW.after, NEW.created_at)
     IS DISTINCT FROM (OLD.id, OLD.actor_party_id, OLD.action, OLD.target_party_id, OLD.record_type, OLD.record_id, OLD.before, OLD.after, OLD.created_at) THEN
    RAISE EXCEPTION 'audit_log is append-only';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
