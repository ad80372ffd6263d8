CREATE TABLE "earn_acceptances" (
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"document" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "earn_acceptances_user_id_kind_ref_pk" PRIMARY KEY("user_id","kind","ref")
);
--> statement-breakpoint
ALTER TABLE "staking_positions" ADD COLUMN "receipt_amount" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "staking_products" ADD COLUMN "exchange_coin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "staking_redemptions" ADD COLUMN "payout_coin" text;--> statement-breakpoint
ALTER TABLE "staking_redemptions" ADD COLUMN "payout_amount" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "staking_redemptions" ADD COLUMN "receipt_coin" text;--> statement-breakpoint
ALTER TABLE "staking_redemptions" ADD COLUMN "receipt_burned" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "staking_positions" ADD CONSTRAINT "staking_positions_receipt_nonneg" CHECK ("staking_positions"."receipt_amount" >= 0);