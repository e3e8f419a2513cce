DROP INDEX "theft_report_claim_search_trgm";--> statement-breakpoint
ALTER TABLE "insurance_claim" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- hand-written: a claim's search text follows its report (frame number, owner's first and last name), lower-cased.
CREATE FUNCTION "theft_report_search_text"(frame_number text, first_name text, last_name text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$ SELECT lower(coalesce(frame_number, '') || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, '')) $$;--> statement-breakpoint
CREATE FUNCTION "insurance_claim_set_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.theft_report_id IS NOT NULL THEN
    SELECT "theft_report_search_text"(r.frame_number, r.first_name, r.last_name) INTO NEW.search_text
      FROM theft_report r WHERE r.id = NEW.theft_report_id;
  END IF;
  NEW.search_text := coalesce(NEW.search_text, '');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "insurance_claim_search_text" BEFORE INSERT OR UPDATE OF theft_report_id ON "insurance_claim"
  FOR EACH ROW EXECUTE FUNCTION "insurance_claim_set_search_text"();--> statement-breakpoint
CREATE FUNCTION "theft_report_claims_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE insurance_claim SET search_text = "theft_report_search_text"(NEW.frame_number, NEW.first_name, NEW.last_name)
    WHERE theft_report_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "theft_report_claims_search_text" AFTER UPDATE OF frame_number, first_name, last_name ON "theft_report"
  FOR EACH ROW EXECUTE FUNCTION "theft_report_claims_search_text"();--> statement-breakpoint
UPDATE insurance_claim c SET search_text = "theft_report_search_text"(r.frame_number, r.first_name, r.last_name)
  FROM theft_report r WHERE r.id = c.theft_report_id;
