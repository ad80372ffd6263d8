CREATE INDEX "fundpass_failures_at_idx" ON "fundpass_failures" USING btree ("at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "job_runs_period_end_idx" ON "job_runs" USING btree ("period_end");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");