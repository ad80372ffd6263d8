CREATE TABLE "launchpool_interest" (
	"rid" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"hour_start" timestamp with time zone NOT NULL,
	"pid" bigint NOT NULL,
	"coin" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "launchpool_interest_rid_user_id_hour_start_pk" PRIMARY KEY("rid","user_id","hour_start"),
	CONSTRAINT "launchpool_interest_positive" CHECK ("launchpool_interest"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "wealth_navs" (
	"product_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"nav" numeric(38, 18) NOT NULL,
	CONSTRAINT "wealth_navs_product_id_at_pk" PRIMARY KEY("product_id","at"),
	CONSTRAINT "wealth_navs_positive" CHECK ("wealth_navs"."nav" > 0)
);
--> statement-breakpoint
CREATE TABLE "wealth_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"coin" text NOT NULL,
	"units" numeric(38, 18) NOT NULL,
	"cost" numeric(38, 18) NOT NULL,
	"redeeming_units" numeric(38, 18) DEFAULT '0' NOT NULL,
	"realized" numeric(38, 18) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wealth_orders_nonneg" CHECK ("wealth_orders"."units" >= 0 AND "wealth_orders"."cost" >= 0 AND "wealth_orders"."redeeming_units" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wealth_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_type" integer NOT NULL,
	"name" text NOT NULL,
	"coin" text NOT NULL,
	"min_purchase" numeric(38, 18) NOT NULL,
	"vip_min_tier" integer DEFAULT 0 NOT NULL,
	"show_interest" boolean DEFAULT true NOT NULL,
	"disclaimer" text NOT NULL,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"run_start" timestamp with time zone NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wealth_purchases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"nav" numeric(38, 18) NOT NULL,
	"units" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wealth_redemptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"coin" text NOT NULL,
	"units" numeric(38, 18) NOT NULL,
	"cost" numeric(38, 18) NOT NULL,
	"status" text NOT NULL,
	"nav" numeric(38, 18),
	"value" numeric(38, 18),
	"gain" numeric(38, 18),
	"settled_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "launchpool_pools" ADD COLUMN "interest_index_flexible" numeric(78, 48) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "launchpool_pools" ADD COLUMN "interest_index_fixed" numeric(78, 48) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "launchpool_positions" ADD COLUMN "interest_index_paid" numeric(78, 48) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "launchpool_positions" ADD COLUMN "accrued_interest" numeric(78, 48) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "launchpool_positions" ADD COLUMN "total_interest" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "launchpool_interest_user_idx" ON "launchpool_interest" USING btree ("user_id","hour_start");--> statement-breakpoint
CREATE UNIQUE INDEX "wealth_orders_user_product" ON "wealth_orders" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "wealth_purchases_order" ON "wealth_purchases" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "wealth_redemptions_pending" ON "wealth_redemptions" USING btree ("product_id","status");--> statement-breakpoint
CREATE INDEX "wealth_redemptions_order" ON "wealth_redemptions" USING btree ("order_id");