-- Every stolen report shared with an insurer of the register becomes a claim (issue 13), received when the report
-- was shared; the owner acknowledged the ownership transfer to file it (the wizard requires it). Idempotent: a
-- report that has its claim is skipped.
INSERT INTO "insurance_claim" ("insurer_party_id", "theft_report_id", "bike_id", "owner_party_id", "status", "ownership_transfer_agreed", "created_at", "updated_at")
SELECT r."insurer_party_id", r."id", r."bike_id", o."party_id", 'received', true, r."shared_with_insurer_at", r."shared_with_insurer_at"
FROM "theft_report" r
JOIN "bike_ownership" o ON o."id" = r."ownership_id"
WHERE r."insurer_party_id" IS NOT NULL AND r."shared_with_insurer_at" IS NOT NULL
ON CONFLICT ("theft_report_id") DO NOTHING;--> statement-breakpoint
INSERT INTO "insurance_claim_event" ("claim_id", "status", "created_at")
SELECT c."id", 'received', c."created_at"
FROM "insurance_claim" c
WHERE NOT EXISTS (SELECT 1 FROM "insurance_claim_event" e WHERE e."claim_id" = c."id");
