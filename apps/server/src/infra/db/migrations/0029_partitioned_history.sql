-- The high-volume histories become tables partitioned by month of their time column (PostgreSQL's
-- declarative partitioning; the same SQL runs on PGlite). Each existing table becomes the DEFAULT
-- partition as it stands, without copying a row; the job partitions.maintain creates each month's
-- partition ahead and moves into it any rows the default holds for that month; old months can be
-- detached (npm run partitions -- --detach-before YYYY-MM).
ALTER TABLE "se_flex_interest" RENAME TO "se_flex_interest_default";
--> statement-breakpoint
ALTER INDEX "se_flex_interest_period_position" RENAME TO "se_flex_interest_period_position_default";
--> statement-breakpoint
CREATE TABLE "se_flex_interest" (LIKE "se_flex_interest_default" INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE ("period_start");
--> statement-breakpoint
CREATE INDEX "se_flex_interest_period_position" ON "se_flex_interest" USING btree ("period_start","position_id");
--> statement-breakpoint
ALTER TABLE "se_flex_interest" ATTACH PARTITION "se_flex_interest_default" DEFAULT;
--> statement-breakpoint
ALTER TABLE "launchpool_rewards" RENAME TO "launchpool_rewards_default";
--> statement-breakpoint
ALTER TABLE "launchpool_rewards_default" RENAME CONSTRAINT "launchpool_rewards_rid_user_id_hour_start_coin_pk" TO "launchpool_rewards_default_pk";
--> statement-breakpoint
ALTER INDEX "launchpool_rewards_user_idx" RENAME TO "launchpool_rewards_user_idx_default";
--> statement-breakpoint
CREATE TABLE "launchpool_rewards" (LIKE "launchpool_rewards_default" INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE ("hour_start");
--> statement-breakpoint
ALTER TABLE "launchpool_rewards" ADD CONSTRAINT "launchpool_rewards_rid_user_id_hour_start_coin_pk" PRIMARY KEY("rid","user_id","hour_start","coin");
--> statement-breakpoint
CREATE INDEX "launchpool_rewards_user_idx" ON "launchpool_rewards" USING btree ("user_id","hour_start");
--> statement-breakpoint
ALTER TABLE "launchpool_rewards" ATTACH PARTITION "launchpool_rewards_default" DEFAULT;
--> statement-breakpoint
ALTER TABLE "launchpool_interest" RENAME TO "launchpool_interest_default";
--> statement-breakpoint
ALTER TABLE "launchpool_interest_default" RENAME CONSTRAINT "launchpool_interest_rid_user_id_hour_start_pk" TO "launchpool_interest_default_pk";
--> statement-breakpoint
ALTER INDEX "launchpool_interest_user_idx" RENAME TO "launchpool_interest_user_idx_default";
--> statement-breakpoint
CREATE TABLE "launchpool_interest" (LIKE "launchpool_interest_default" INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE ("hour_start");
--> statement-breakpoint
ALTER TABLE "launchpool_interest" ADD CONSTRAINT "launchpool_interest_rid_user_id_hour_start_pk" PRIMARY KEY("rid","user_id","hour_start");
--> statement-breakpoint
CREATE INDEX "launchpool_interest_user_idx" ON "launchpool_interest" USING btree ("user_id","hour_start");
--> statement-breakpoint
ALTER TABLE "launchpool_interest" ATTACH PARTITION "launchpool_interest_default" DEFAULT;
--> statement-breakpoint
ALTER TABLE "staking_rewards" RENAME TO "staking_rewards_default";
--> statement-breakpoint
ALTER TABLE "staking_rewards_default" DROP CONSTRAINT "staking_rewards_pkey";
--> statement-breakpoint
ALTER INDEX "staking_rewards_once" RENAME TO "staking_rewards_once_default";
--> statement-breakpoint
ALTER INDEX "staking_rewards_day" RENAME TO "staking_rewards_day_default";
--> statement-breakpoint
CREATE TABLE "staking_rewards" (LIKE "staking_rewards_default" INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE ("day");
--> statement-breakpoint
ALTER TABLE "staking_rewards" ADD CONSTRAINT "staking_rewards_id_day_pk" PRIMARY KEY("id","day");
--> statement-breakpoint
CREATE UNIQUE INDEX "staking_rewards_once" ON "staking_rewards" USING btree ("user_id","product_id","protocol_id","day","source");
--> statement-breakpoint
CREATE INDEX "staking_rewards_day" ON "staking_rewards" USING btree ("day");
--> statement-breakpoint
ALTER TABLE "staking_rewards" ATTACH PARTITION "staking_rewards_default" DEFAULT;
--> statement-breakpoint
ALTER SEQUENCE "staking_rewards_id_seq" OWNED BY "staking_rewards"."id";
--> statement-breakpoint
ALTER TABLE "soft_staking_payouts" RENAME TO "soft_staking_payouts_default";
--> statement-breakpoint
ALTER TABLE "soft_staking_payouts_default" RENAME CONSTRAINT "soft_staking_payouts_day_user_id_coin_pk" TO "soft_staking_payouts_default_pk";
--> statement-breakpoint
ALTER INDEX "soft_staking_payouts_user" RENAME TO "soft_staking_payouts_user_default";
--> statement-breakpoint
CREATE TABLE "soft_staking_payouts" (LIKE "soft_staking_payouts_default" INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE ("day");
--> statement-breakpoint
ALTER TABLE "soft_staking_payouts" ADD CONSTRAINT "soft_staking_payouts_day_user_id_coin_pk" PRIMARY KEY("day","user_id","coin");
--> statement-breakpoint
CREATE INDEX "soft_staking_payouts_user" ON "soft_staking_payouts" USING btree ("user_id","day");
--> statement-breakpoint
ALTER TABLE "soft_staking_payouts" ATTACH PARTITION "soft_staking_payouts_default" DEFAULT;
