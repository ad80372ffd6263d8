CREATE TABLE "earn_daily_rollup" (
	"user_id" bigint NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"line" text NOT NULL,
	"asset" text NOT NULL,
	"type" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	CONSTRAINT "earn_daily_rollup_user_id_day_line_asset_type_pk" PRIMARY KEY("user_id","day","line","asset","type")
);
--> statement-breakpoint
CREATE TABLE "earn_rollup_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"rolled_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "launchpool_interest" ADD COLUMN "stake" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "launchpool_interest" ADD COLUMN "acc_step" numeric(78, 48);--> statement-breakpoint
ALTER TABLE "launchpool_interest" ADD COLUMN "earlier" numeric(78, 48);--> statement-breakpoint
ALTER TABLE "launchpool_interest" ADD COLUMN "carry_in" numeric(78, 48);--> statement-breakpoint
ALTER TABLE "launchpool_interest" ADD COLUMN "rate_percent" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "launchpool_interest" ADD COLUMN "mode" text;--> statement-breakpoint
ALTER TABLE "launchpool_pools" ADD COLUMN "interest_rate_flexible" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "launchpool_pools" ADD COLUMN "interest_rate_fixed" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "launchpool_positions" ADD COLUMN "carried_interest" numeric(78, 48) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "se_flex_hours" ADD COLUMN "bonus_tiers" jsonb;--> statement-breakpoint
ALTER TABLE "se_flex_hours" ADD COLUMN "bonus_ratio" numeric;--> statement-breakpoint
CREATE INDEX "journal_entries_created_brin" ON "journal_entries" USING brin ("created_at");--> statement-breakpoint
-- What a position holds unpaid at migration is named as carried in by its next hour's interest record.
UPDATE "launchpool_positions" SET "carried_interest" = "accrued_interest" WHERE "accrued_interest" <> 0;
