CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"symbol" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price_usdt" numeric(38, 18) NOT NULL,
	"precision" integer DEFAULT 8 NOT NULL,
	"support_launchpool" boolean DEFAULT false NOT NULL,
	"support_staking" boolean DEFAULT false NOT NULL,
	"support_lend_earn" boolean DEFAULT true NOT NULL,
	"listed_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fundpass_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" bigint NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"instance" text NOT NULL,
	CONSTRAINT "job_runs_job_period_start_pk" PRIMARY KEY("job","period_start")
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"ref" text,
	"created_at" timestamp with time zone NOT NULL,
	"memo" jsonb
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"purpose" text NOT NULL,
	"is_user" boolean NOT NULL,
	"balance" numeric(38, 18) DEFAULT '0' NOT NULL,
	CONSTRAINT "ledger_user_balance_nonneg" CHECK (NOT "ledger_accounts"."is_user" OR "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"trigger" text NOT NULL,
	"ok" boolean NOT NULL,
	"differences" jsonb NOT NULL,
	"period_start" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"fundpass_verified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "test_clock" (
	"id" integer PRIMARY KEY NOT NULL,
	"now_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_loans" (
	"user_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	CONSTRAINT "user_loans_user_id_asset_pk" PRIMARY KEY("user_id","asset"),
	CONSTRAINT "user_loans_nonneg" CHECK ("user_loans"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"vip_tier" integer DEFAULT 0 NOT NULL,
	"trading_volume_60d" numeric(38, 18) DEFAULT '0' NOT NULL,
	"account_mode" text DEFAULT 'classic' NOT NULL,
	"first_open" boolean DEFAULT true NOT NULL,
	"use_funding" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"compliance_menu" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"compliance_business" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fundpass_hash" text,
	"fundpass_mode" text DEFAULT 'never' NOT NULL,
	"referral_code" text NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_at_idx" ON "analytics_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "fundpass_failures_user_at_idx" ON "fundpass_failures" USING btree ("user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_reason_ref" ON "journal_entries" USING btree ("reason","ref");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_key" ON "ledger_accounts" USING btree ("user_id","asset","purpose");--> statement-breakpoint
CREATE INDEX "postings_account_idx" ON "postings" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "postings_entry_idx" ON "postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");