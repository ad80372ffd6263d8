CREATE TABLE "apr_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"line" text NOT NULL,
	"asset" text NOT NULL,
	"product_id" integer,
	"direction" text NOT NULL,
	"apr" numeric(38, 18) NOT NULL,
	"satisfied" integer DEFAULT 0 NOT NULL,
	"fired" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_fired_at" timestamp with time zone,
	CONSTRAINT "apr_alerts_direction" CHECK ("apr_alerts"."direction" IN ('above', 'below'))
);
--> statement-breakpoint
CREATE TABLE "apr_observations" (
	"line" text NOT NULL,
	"target" text NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "apr_observations_line_target_pk" PRIMARY KEY("line","target")
);
--> statement-breakpoint
CREATE TABLE "known_devices" (
	"user_id" bigint NOT NULL,
	"device_hash" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "known_devices_user_id_device_hash_pk" PRIMARY KEY("user_id","device_hash")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"to" text NOT NULL,
	"language" text NOT NULL,
	"template" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_prefs" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"mail_kinds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"cause" text NOT NULL,
	"params" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "apr_alerts_target_idx" ON "apr_alerts" USING btree ("line","asset");--> statement-breakpoint
CREATE INDEX "apr_alerts_user_idx" ON "apr_alerts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("created_at") WHERE sent_at IS NULL;--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_cause_uq" ON "notifications" USING btree ("user_id","kind","cause");--> statement-breakpoint
CREATE INDEX "notifications_user_id_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE read_at IS NULL;