CREATE TABLE "launchpool_earn_more" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"coin" text NOT NULL,
	"type" text NOT NULL,
	"popup_msg" text NOT NULL,
	"popup_high_light" jsonb NOT NULL,
	"url" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "launchpool_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"pid" bigint NOT NULL,
	"rid" bigint NOT NULL,
	"coin" text NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"simple_earn_status" smallint DEFAULT 0 NOT NULL,
	"simple_earn_period" integer DEFAULT 0 NOT NULL,
	"destination" text,
	"device_token" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "launchpool_pools" (
	"rid" bigserial PRIMARY KEY NOT NULL,
	"pid" bigint NOT NULL,
	"coin" text NOT NULL,
	"personal_min_amount" numeric(38, 18) NOT NULL,
	"personal_max_amount" numeric(38, 18) NOT NULL,
	"decimal_place" integer NOT NULL,
	"total_amount" numeric(38, 18),
	"left_amount" numeric(38, 18),
	"staked_total" numeric(38, 18) DEFAULT '0' NOT NULL,
	"reward_per_hour" numeric(38, 18) NOT NULL,
	"rate_year" numeric(38, 18) NOT NULL,
	"rate_year_type" smallint NOT NULL,
	"reward_pool_type" smallint NOT NULL,
	"vip_config" jsonb,
	"simple_earn" jsonb,
	"transaction_config" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"limit_rule" integer DEFAULT 0 NOT NULL,
	"acc_reward_per_token" numeric(78, 48) DEFAULT '0' NOT NULL,
	"acc_updated_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "launchpool_pools_left_nonneg" CHECK ("launchpool_pools"."left_amount" IS NULL OR "launchpool_pools"."left_amount" >= 0),
	CONSTRAINT "launchpool_pools_staked_nonneg" CHECK ("launchpool_pools"."staked_total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "launchpool_positions" (
	"user_id" bigint NOT NULL,
	"rid" bigint NOT NULL,
	"pid" bigint NOT NULL,
	"coin" text NOT NULL,
	"amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"reward_per_token_paid" numeric(78, 48) DEFAULT '0' NOT NULL,
	"accrued_reward" numeric(78, 48) DEFAULT '0' NOT NULL,
	"total_reward" numeric(38, 18) DEFAULT '0' NOT NULL,
	"simple_earn_status" smallint DEFAULT 0 NOT NULL,
	"simple_earn_period" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "launchpool_positions_user_id_rid_pk" PRIMARY KEY("user_id","rid"),
	CONSTRAINT "launchpool_positions_amount_nonneg" CHECK ("launchpool_positions"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "launchpool_projects" (
	"pid" bigserial PRIMARY KEY NOT NULL,
	"reward_coin" text NOT NULL,
	"name" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "launchpool_rewards" (
	"rid" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"hour_start" timestamp with time zone NOT NULL,
	"pid" bigint NOT NULL,
	"coin" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "launchpool_rewards_rid_user_id_hour_start_pk" PRIMARY KEY("rid","user_id","hour_start"),
	CONSTRAINT "launchpool_rewards_positive" CHECK ("launchpool_rewards"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"candydrop_status" smallint DEFAULT 2 NOT NULL,
	"startup_mining_switch" smallint DEFAULT 0 NOT NULL,
	"hodler_notify" smallint DEFAULT 0 NOT NULL,
	"hodler_gt_exchange" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "launchpool_pools" ADD CONSTRAINT "launchpool_pools_pid_launchpool_projects_pid_fk" FOREIGN KEY ("pid") REFERENCES "public"."launchpool_projects"("pid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "launchpool_orders_user_idx" ON "launchpool_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "launchpool_pools_pid_idx" ON "launchpool_pools" USING btree ("pid");--> statement-breakpoint
CREATE INDEX "launchpool_positions_rid_idx" ON "launchpool_positions" USING btree ("rid");--> statement-breakpoint
CREATE INDEX "launchpool_rewards_user_idx" ON "launchpool_rewards" USING btree ("user_id","hour_start");