CREATE TABLE "se_auto_invest" (
	"user_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"status" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "se_auto_invest_user_id_asset_pk" PRIMARY KEY("user_id","asset")
);
--> statement-breakpoint
CREATE TABLE "se_fixed_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"asset" text NOT NULL,
	"product_type" integer NOT NULL,
	"principal" numeric(38, 18) NOT NULL,
	"year_rate" numeric NOT NULL,
	"lock_up_period" integer NOT NULL,
	"interest" numeric(38, 18) NOT NULL,
	"voucher_id" bigint,
	"coupon_rate_ratio" numeric DEFAULT '0' NOT NULL,
	"coupon_rate_day" integer DEFAULT 0 NOT NULL,
	"coupon_interest" numeric(38, 18) DEFAULT '0' NOT NULL,
	"bonus_asset" text,
	"bonus_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"reinvest_status" integer DEFAULT 0 NOT NULL,
	"redeem_account_type" integer DEFAULT 1 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"redeem_type" integer,
	"parent_order_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"finish_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "se_fixed_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"asset" text NOT NULL,
	"type" integer DEFAULT 1 NOT NULL,
	"min_vip" integer DEFAULT 0 NOT NULL,
	"max_vip" integer DEFAULT 0 NOT NULL,
	"lock_up_period" integer NOT NULL,
	"year_rate" numeric NOT NULL,
	"total_quota" numeric(38, 18) NOT NULL,
	"sold_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"min_lend_amount" numeric(38, 18) NOT NULL,
	"user_max_lend_volume" numeric(38, 18) DEFAULT '0' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"reinvest" integer DEFAULT 1 NOT NULL,
	"redeem_account" integer DEFAULT 1 NOT NULL,
	"pre_redeem" integer DEFAULT 0 NOT NULL,
	"bonus_asset" text,
	"ladder_apr" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"special_users" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "se_fixed_products_quota" CHECK ("se_fixed_products"."sold_amount" >= 0 AND "se_fixed_products"."sold_amount" <= "se_fixed_products"."total_quota")
);
--> statement-breakpoint
CREATE TABLE "se_fixed_user_quota" (
	"product_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"used" numeric(38, 18) DEFAULT '0' NOT NULL,
	CONSTRAINT "se_fixed_user_quota_product_id_user_id_pk" PRIMARY KEY("product_id","user_id"),
	CONSTRAINT "se_fixed_user_quota_nonneg" CHECK ("se_fixed_user_quota"."used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "se_flex_hours" (
	"asset" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"rate_year" numeric NOT NULL,
	"demand" numeric(38, 18) NOT NULL,
	"supplied" numeric(38, 18) NOT NULL,
	"lent" numeric(38, 18) NOT NULL,
	"interest_paid" numeric(38, 18) NOT NULL,
	"bonus_paid" numeric(38, 18) NOT NULL,
	"bonus_asset" text,
	"index_after" numeric NOT NULL,
	CONSTRAINT "se_flex_hours_asset_period_start_pk" PRIMARY KEY("asset","period_start")
);
--> statement-breakpoint
CREATE TABLE "se_flex_interest" (
	"period_start" timestamp with time zone NOT NULL,
	"position_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"lent" numeric(38, 18) NOT NULL,
	"rate_year" numeric NOT NULL,
	"interest" numeric(38, 18) NOT NULL,
	"bonus" numeric(38, 18) NOT NULL,
	"bonus_asset" text
);
--> statement-breakpoint
CREATE TABLE "se_flex_pending" (
	"position_id" bigint NOT NULL,
	"hour_start" timestamp with time zone NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	CONSTRAINT "se_flex_pending_position_id_hour_start_pk" PRIMARY KEY("position_id","hour_start"),
	CONSTRAINT "se_flex_pending_pos" CHECK ("se_flex_pending"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "se_flex_positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"principal" numeric(38, 18) DEFAULT '0' NOT NULL,
	"frozen_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"frozen_at" timestamp with time zone,
	"min_lend_rate_year" numeric DEFAULT '0' NOT NULL,
	"offer_at" timestamp with time zone NOT NULL,
	"snap_cum" numeric DEFAULT '0' NOT NULL,
	"idx_snap" numeric DEFAULT '0' NOT NULL,
	"interest_withdrawn" numeric(38, 18) DEFAULT '0' NOT NULL,
	"bonus_cum" numeric DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "se_flex_positions_nonneg" CHECK ("se_flex_positions"."principal" >= 0 AND "se_flex_positions"."frozen_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "se_flex_products" (
	"asset" text PRIMARY KEY NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"min_lend_amount" numeric(38, 18) NOT NULL,
	"next_time_rate_year" numeric NOT NULL,
	"borrow_demand" numeric(38, 18) NOT NULL,
	"ladder_apr" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ext_award_rate_year" numeric DEFAULT '0' NOT NULL,
	"ext_award_limit" numeric(38, 18) DEFAULT '0' NOT NULL,
	"award_asset" text,
	"is_open_award_pool" boolean DEFAULT false NOT NULL,
	"limit_min_lend_rate_year" numeric DEFAULT '0' NOT NULL,
	"max_lend_rate_year" numeric DEFAULT '5' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"acc_index" numeric DEFAULT '0' NOT NULL,
	"accrued_until" timestamp with time zone,
	"last_rate_year" numeric DEFAULT '0' NOT NULL,
	"last_supplied" numeric(38, 18) DEFAULT '0' NOT NULL,
	"last_lent" numeric(38, 18) DEFAULT '0' NOT NULL,
	"liquidity_left" numeric(38, 18) DEFAULT '0' NOT NULL,
	"bonus_paid_total" numeric(38, 18) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "se_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"line" text NOT NULL,
	"type" integer NOT NULL,
	"mode" integer DEFAULT 0 NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"order_id" bigint,
	"product_id" integer,
	"lend_rate_year" numeric,
	"coupon_principal" numeric(38, 18),
	"coupon_interest" numeric(38, 18),
	"rate_ratio" numeric,
	"bonus_amount" numeric(38, 18),
	"bonus_asset" text,
	"redeem_type" integer,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "se_vouchers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"title" text NOT NULL,
	"rate_day" integer NOT NULL,
	"rate_ratio" numeric NOT NULL,
	"buy_limit_low" numeric(38, 18) DEFAULT '0' NOT NULL,
	"buy_limit_high" numeric(38, 18) DEFAULT '0' NOT NULL,
	"using_currency" text DEFAULT '' NOT NULL,
	"expired_at" timestamp with time zone NOT NULL,
	"used_order_id" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staking_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"protocol_id" integer DEFAULT 0 NOT NULL,
	"reward_coin" text NOT NULL,
	"max_interest" numeric(38, 18) NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"tiers" jsonb NOT NULL,
	"labels" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staking_carries" (
	"user_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"protocol_id" integer NOT NULL,
	"source" text NOT NULL,
	"coin" text NOT NULL,
	"carry" numeric(38, 18) NOT NULL,
	CONSTRAINT "staking_carries_user_id_product_id_protocol_id_source_pk" PRIMARY KEY("user_id","product_id","protocol_id","source")
);
--> statement-breakpoint
CREATE TABLE "staking_lots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"protocol_id" integer NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"original_amount" numeric(38, 18) NOT NULL,
	"accrual_start" timestamp with time zone NOT NULL,
	"first_distribution_at" timestamp with time zone,
	"src" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staking_lots_nonneg" CHECK ("staking_lots"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "staking_positions" (
	"user_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"protocol_id" integer NOT NULL,
	"coin" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"accrued_reward" numeric(38, 18) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staking_positions_user_id_product_id_protocol_id_pk" PRIMARY KEY("user_id","product_id","protocol_id"),
	CONSTRAINT "staking_positions_nonneg" CHECK ("staking_positions"."amount" >= 0 AND "staking_positions"."accrued_reward" >= 0)
);
--> statement-breakpoint
CREATE TABLE "staking_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"coin" text NOT NULL,
	"type" integer NOT NULL,
	"reward_coin" text NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"base_rate" numeric(38, 18) NOT NULL,
	"most_rate" numeric(38, 18) NOT NULL,
	"min_mortgage_amount" numeric(38, 18) NOT NULL,
	"min_redeem_amount" numeric(38, 18) NOT NULL,
	"personal_mortgage_limit" numeric(38, 18) NOT NULL,
	"crowd" boolean DEFAULT false NOT NULL,
	"crowd_mortgage_limit" numeric(38, 18) NOT NULL,
	"agreement" text NOT NULL,
	"reward_delay_days" integer NOT NULL,
	"interest_days" integer NOT NULL,
	"income_days" integer NOT NULL,
	"borrow_support" boolean NOT NULL,
	"redeem_period_txt" text NOT NULL,
	"redeem_quick" boolean NOT NULL,
	"redeem_quick_long" integer NOT NULL,
	"redeem_quick_daily" numeric(38, 18) NOT NULL,
	"redeem_control" text NOT NULL,
	"redeem_minday" integer NOT NULL,
	"redeem_maxday" integer NOT NULL,
	"redeem_fee" numeric(38, 18) NOT NULL,
	"redeem_quick_fee" numeric(38, 18) NOT NULL,
	"redeem_coin" text NOT NULL,
	"vip_config" jsonb NOT NULL,
	"exchange_type" text NOT NULL,
	"exchange_rate" numeric(38, 18) NOT NULL,
	"exchange_rate_reverse" numeric(38, 18) NOT NULL,
	"tips" text NOT NULL,
	"precision" integer NOT NULL,
	"protocol" text NOT NULL,
	"debt_list" jsonb NOT NULL,
	"faq" jsonb NOT NULL,
	"status" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staking_protocols" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"protocol_name" text NOT NULL,
	"reward_coin" text NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"base_rate" numeric(38, 18) NOT NULL,
	"reward_delay_days" integer NOT NULL,
	"interest_delay_days" integer NOT NULL,
	"fee_rate" numeric(38, 18) NOT NULL,
	"income_days" integer NOT NULL,
	"personal_mortgage_limit" numeric(38, 18) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staking_rate_points" (
	"product_id" integer NOT NULL,
	"protocol_id" integer NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"base_rate" numeric(38, 18) NOT NULL,
	"extra_rate" numeric(38, 18) NOT NULL,
	"extra_coin" text NOT NULL,
	"reward_coin" text NOT NULL,
	CONSTRAINT "staking_rate_points_product_id_protocol_id_day_pk" PRIMARY KEY("product_id","protocol_id","day")
);
--> statement-breakpoint
CREATE TABLE "staking_redemptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"protocol_id" integer NOT NULL,
	"coin" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"received" numeric(38, 18) NOT NULL,
	"quick" boolean NOT NULL,
	"reward_coin" text NOT NULL,
	"reward_paid" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"arrive_at" timestamp with time zone NOT NULL,
	"arrived_at" timestamp with time zone,
	"settled_by" text,
	"status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staking_rewards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"protocol_id" integer NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"coin" text NOT NULL,
	"eligible" numeric(38, 18) NOT NULL,
	"gross" numeric(38, 18) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"carry" numeric(38, 18) NOT NULL,
	"paid" boolean NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staking_campaigns" ADD CONSTRAINT "staking_campaigns_product_id_staking_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."staking_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staking_protocols" ADD CONSTRAINT "staking_protocols_product_id_staking_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."staking_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "se_fixed_orders_user_idx" ON "se_fixed_orders" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "se_fixed_orders_due_idx" ON "se_fixed_orders" USING btree ("status","finish_at");--> statement-breakpoint
CREATE INDEX "se_fixed_products_asset_idx" ON "se_fixed_products" USING btree ("asset");--> statement-breakpoint
CREATE INDEX "se_flex_interest_user_idx" ON "se_flex_interest" USING btree ("user_id","asset","period_start");--> statement-breakpoint
CREATE INDEX "se_flex_pending_asset_hour" ON "se_flex_pending" USING btree ("asset","hour_start");--> statement-breakpoint
CREATE UNIQUE INDEX "se_flex_positions_user_asset" ON "se_flex_positions" USING btree ("user_id","asset");--> statement-breakpoint
CREATE INDEX "se_flex_positions_asset_idx" ON "se_flex_positions" USING btree ("asset");--> statement-breakpoint
CREATE INDEX "se_history_user_idx" ON "se_history" USING btree ("user_id","line","at");--> statement-breakpoint
CREATE INDEX "se_vouchers_user_idx" ON "se_vouchers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "staking_campaigns_product" ON "staking_campaigns" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "staking_lots_position" ON "staking_lots" USING btree ("user_id","product_id","protocol_id");--> statement-breakpoint
CREATE INDEX "staking_lots_accrual" ON "staking_lots" USING btree ("accrual_start");--> statement-breakpoint
CREATE UNIQUE INDEX "staking_products_coin" ON "staking_products" USING btree ("coin");--> statement-breakpoint
CREATE INDEX "staking_protocols_product" ON "staking_protocols" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "staking_redemptions_user" ON "staking_redemptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "staking_redemptions_due" ON "staking_redemptions" USING btree ("status","arrive_at");--> statement-breakpoint
CREATE INDEX "staking_redemptions_quick_day" ON "staking_redemptions" USING btree ("product_id","quick","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staking_rewards_once" ON "staking_rewards" USING btree ("user_id","product_id","protocol_id","day","source");--> statement-breakpoint
CREATE INDEX "staking_rewards_day" ON "staking_rewards" USING btree ("day");