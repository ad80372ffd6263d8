ALTER TABLE "launchpool_position_coins" ADD COLUMN "carried_reward" numeric(78, 48) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "launchpool_positions" ADD COLUMN "carried_reward" numeric(78, 48) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "launchpool_rewards" ADD COLUMN "stake" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "launchpool_rewards" ADD COLUMN "pool_total" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "launchpool_rewards" ADD COLUMN "reward_per_hour" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "launchpool_rewards" ADD COLUMN "acc_step" numeric(78, 48);--> statement-breakpoint
ALTER TABLE "launchpool_rewards" ADD COLUMN "earlier" numeric(78, 48);--> statement-breakpoint
ALTER TABLE "launchpool_rewards" ADD COLUMN "carry_in" numeric(78, 48);--> statement-breakpoint
-- What a position holds unpaid at migration is named as carried in by its next hour's record.
UPDATE "launchpool_positions" SET "carried_reward" = "accrued_reward" WHERE "accrued_reward" <> 0;--> statement-breakpoint
UPDATE "launchpool_position_coins" SET "carried_reward" = "accrued_reward" WHERE "accrued_reward" <> 0;
