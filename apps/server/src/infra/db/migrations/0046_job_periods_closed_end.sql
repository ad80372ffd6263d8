-- Retention asks at every stop of a clock advance for the oldest closed sharded period (the rules of
-- job_shards and job_periods), and deletes closed periods in order of period_end: up this index.
CREATE INDEX "job_periods_closed_end_idx" ON "job_periods" USING btree ("period_end") WHERE closed_at IS NOT NULL;
