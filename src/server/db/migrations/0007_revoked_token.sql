CREATE TABLE "revoked_token" (
	"jti" uuid PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "revoked_token_expires_idx" ON "revoked_token" USING btree ("expires_at");