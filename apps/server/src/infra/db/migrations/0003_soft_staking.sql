CREATE TABLE "soft_staking_carries" (
	"user_id" bigint NOT NULL,
	"coin" text NOT NULL,
	"carry" numeric(38, 18) NOT NULL,
	CONSTRAINT "soft_staking_carries_user_id_coin_pk" PRIMARY KEY("user_id","coin")
);
--> statement-breakpoint
CREATE TABLE "soft_staking_coins" (
	"coin" text PRIMARY KEY NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"max_amount" numeric(38, 18) NOT NULL,
	"status" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "soft_staking_payouts" (
	"day" timestamp with time zone NOT NULL,
	"user_id" bigint NOT NULL,
	"coin" text NOT NULL,
	"eligible" numeric(38, 18) NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"gross" numeric(38, 18) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"carry" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "soft_staking_payouts_day_user_id_coin_pk" PRIMARY KEY("day","user_id","coin")
);
--> statement-breakpoint
CREATE TABLE "soft_staking_snapshots" (
	"at" timestamp with time zone NOT NULL,
	"user_id" bigint NOT NULL,
	"coin" text NOT NULL,
	"balance" numeric(38, 18) NOT NULL,
	CONSTRAINT "soft_staking_snapshots_at_user_id_coin_pk" PRIMARY KEY("at","user_id","coin")
);
--> statement-breakpoint
CREATE TABLE "soft_staking_users" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"enabled_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "soft_staking_payouts_user" ON "soft_staking_payouts" USING btree ("user_id","day");