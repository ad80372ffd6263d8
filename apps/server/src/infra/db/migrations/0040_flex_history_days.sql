CREATE TABLE "se_flex_history_days" (
	"position_id" bigint NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"type" smallint NOT NULL,
	"asset" text NOT NULL,
	"hours" integer NOT NULL,
	CONSTRAINT "se_flex_history_days_position_id_day_type_asset_pk" PRIMARY KEY("position_id","day","type","asset")
);
--> statement-breakpoint
-- The days the rollup already closed get their index now (later days are written by the rollup job).
INSERT INTO "se_flex_history_days" ("position_id", "day", "type", "asset", "hours")
SELECT i.position_id, date_trunc('day', (i.period_start + interval '1 hour') AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
  r.type, r.asset, bit_or(1 << extract(hour FROM (i.period_start + interval '1 hour') AT TIME ZONE 'UTC')::int)
FROM "se_flex_interest" i
CROSS JOIN LATERAL (VALUES (3::smallint, i.asset, i.interest > 0), (4::smallint, i.bonus_asset, i.bonus > 0)) r(type, asset, paid)
WHERE r.paid AND i.period_start < (SELECT rolled_until FROM "earn_rollup_state" WHERE id = 1) - interval '1 hour'
GROUP BY 1, 2, 3, 4;
