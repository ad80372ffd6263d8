CREATE TABLE "dual_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"invest_coin" text NOT NULL,
	"exercise_coin" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"target_price" numeric(38, 18) NOT NULL,
	"apr" numeric(38, 18) NOT NULL,
	"status" text NOT NULL,
	"settle_coin" text,
	"settle_amount" numeric(38, 18),
	"created_at" timestamp with time zone NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dual_orders_user" ON "dual_orders" USING btree ("user_id","created_at");