CREATE TABLE "liability_snapshots" (
	"day" date PRIMARY KEY NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"root" text NOT NULL,
	"leaf_count" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "liability_totals" (
	"day" date NOT NULL,
	"asset" text NOT NULL,
	"total" numeric(38, 18) NOT NULL,
	CONSTRAINT "liability_totals_day_asset_pk" PRIMARY KEY("day","asset")
);
--> statement-breakpoint
CREATE TABLE "liability_balances" (
	"day" date NOT NULL,
	"user_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	CONSTRAINT "liability_balances_day_user_id_asset_pk" PRIMARY KEY("day","user_id","asset")
);
--> statement-breakpoint
CREATE TABLE "liability_leaves" (
	"day" date NOT NULL,
	"user_id" bigint NOT NULL,
	"salt" text NOT NULL,
	"idx" integer NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "liability_leaves_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "liability_nodes" (
	"day" date NOT NULL,
	"level" integer NOT NULL,
	"idx" integer NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "liability_nodes_day_level_idx_pk" PRIMARY KEY("day","level","idx")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "liability_leaves_day_idx" ON "liability_leaves" USING btree ("day","idx");
