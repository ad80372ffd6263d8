CREATE TABLE "launchpool_pool_coins" (
	"rid" bigint NOT NULL,
	"coin" text NOT NULL,
	"reward_per_hour" numeric(38, 18) NOT NULL,
	"rate_year" numeric(38, 18) NOT NULL,
	"acc_reward_per_token" numeric(78, 48) DEFAULT '0' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "launchpool_pool_coins_rid_coin_pk" PRIMARY KEY("rid","coin")
);
--> statement-breakpoint
CREATE TABLE "launchpool_position_coins" (
	"user_id" bigint NOT NULL,
	"rid" bigint NOT NULL,
	"coin" text NOT NULL,
	"reward_per_token_paid" numeric(78, 48) DEFAULT '0' NOT NULL,
	"accrued_reward" numeric(78, 48) DEFAULT '0' NOT NULL,
	"total_reward" numeric(38, 18) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "launchpool_position_coins_user_id_rid_coin_pk" PRIMARY KEY("user_id","rid","coin")
);
--> statement-breakpoint
ALTER TABLE "launchpool_rewards" DROP CONSTRAINT "launchpool_rewards_rid_user_id_hour_start_pk";--> statement-breakpoint
ALTER TABLE "launchpool_rewards" ADD CONSTRAINT "launchpool_rewards_rid_user_id_hour_start_coin_pk" PRIMARY KEY("rid","user_id","hour_start","coin");--> statement-breakpoint
CREATE INDEX "launchpool_position_coins_rid_idx" ON "launchpool_position_coins" USING btree ("rid");