CREATE TABLE "clock_advances" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"periods_run" integer DEFAULT 0 NOT NULL,
	"error" text,
	"instance" text NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "clock_advances_status" CHECK ("clock_advances"."status" IN ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "clock_advances_one_running" ON "clock_advances" USING btree ("status") WHERE "clock_advances"."status" = 'running';