CREATE TABLE "job_periods" (
	"job" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"shards" integer NOT NULL,
	"planned_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"instance" text NOT NULL,
	CONSTRAINT "job_periods_job_period_start_pk" PRIMARY KEY("job","period_start")
);
--> statement-breakpoint
CREATE TABLE "job_shards" (
	"job" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"shard" integer NOT NULL,
	"params" jsonb NOT NULL,
	"result" jsonb,
	"done_at" timestamp with time zone,
	"instance" text,
	CONSTRAINT "job_shards_job_period_start_shard_pk" PRIMARY KEY("job","period_start","shard")
);
--> statement-breakpoint
CREATE INDEX "job_periods_open_idx" ON "job_periods" USING btree ("job") WHERE closed_at IS NULL;--> statement-breakpoint
-- The fast path's re-check (0014) also declines while a sharded flexible hour is open (planned, not
-- yet closed): its shards book positions in several transactions, and a holder's call made between
-- them waits in the locking path until the hour closes.
CREATE OR REPLACE FUNCTION se_flex_unchanged(lock_key bigint, p_asset text, p_accrued_until timestamptz) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock_shared(lock_key) THEN
    RETURN false;
  END IF;
  IF EXISTS (SELECT 1 FROM job_periods WHERE job = 'simple-earn.flexible-hourly' AND closed_at IS NULL) THEN
    RETURN false;
  END IF;
  RETURN EXISTS (SELECT 1 FROM se_flex_products WHERE asset = p_asset AND accrued_until IS NOT DISTINCT FROM p_accrued_until);
END
$$;
