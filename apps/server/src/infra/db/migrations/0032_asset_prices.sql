CREATE TABLE "asset_prices" (
	"asset" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"price_usdt" numeric(38, 18) NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "asset_prices_asset_at_pk" PRIMARY KEY("asset","at")
);
--> statement-breakpoint
-- The prices in force when the history begins: every movement before it is valued at them.
INSERT INTO "asset_prices" ("asset", "at", "price_usdt", "source")
SELECT "symbol", "updated_at", "price_usdt", 'set' FROM "assets";
