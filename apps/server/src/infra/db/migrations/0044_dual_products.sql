CREATE TABLE "dual_pair_settings" (
	"base_coin" text PRIMARY KEY NOT NULL,
	"volatility" numeric(38, 18) NOT NULL,
	"margin" numeric(38, 18) NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dual_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"base_coin" text NOT NULL,
	"invest_coin" text NOT NULL,
	"exercise_coin" text NOT NULL,
	"direction" text NOT NULL,
	"target_price" numeric(38, 18) NOT NULL,
	"settle_at" timestamp with time zone NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"max_per_user" numeric(38, 18),
	"total_quota" numeric(38, 18) NOT NULL,
	"sold" numeric(38, 18) DEFAULT '0' NOT NULL,
	"fixed_apr" numeric(38, 18),
	"status" text NOT NULL,
	"fixing_price" numeric(38, 18),
	"attempts" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dual_products_sold" CHECK ("dual_products"."sold" >= 0 AND "dual_products"."sold" <= "dual_products"."total_quota")
);
--> statement-breakpoint
CREATE TABLE "dual_settlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"fixing_price" numeric(38, 18),
	"reached" boolean,
	"orders" integer NOT NULL,
	"totals" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dual_orders" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "dual_orders" ADD COLUMN "direction" text;--> statement-breakpoint
ALTER TABLE "dual_orders" ADD COLUMN "quote_id" text;--> statement-breakpoint
ALTER TABLE "dual_orders" ADD COLUMN "payout_reached" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "dual_orders" ADD COLUMN "payout_not_reached" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "dual_orders" ADD COLUMN "settle_price" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "dual_orders" ADD COLUMN "auto_compound" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dual_orders" ADD COLUMN "rolled_to" bigint;--> statement-breakpoint
ALTER TABLE "dual_orders" ADD COLUMN "rolled_from" bigint;--> statement-breakpoint
ALTER TABLE "dual_orders" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "dual_products_due" ON "dual_products" USING btree ("status","settle_at");--> statement-breakpoint
CREATE INDEX "dual_settlements_product" ON "dual_settlements" USING btree ("product_id","at");--> statement-breakpoint
CREATE INDEX "dual_orders_product" ON "dual_orders" USING btree ("product_id","status");