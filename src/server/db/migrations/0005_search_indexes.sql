DROP INDEX IF EXISTS "bike_frame_number_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "plate_id_trgm_idx";--> statement-breakpoint
CREATE INDEX "bike_frame_number_trgm_gin" ON "bike" USING gin (lower("frame_number_normalised") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "plate_id_trgm_gin" ON "plate" USING gin (lower("id") gin_trgm_ops);