ALTER TABLE "apr_observations" ADD COLUMN "changes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "fundpass_reset_codes_expires_idx" ON "fundpass_reset_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sign_in_events_at_idx" ON "sign_in_events" USING btree ("at");