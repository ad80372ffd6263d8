CREATE TABLE "sign_in_throttle" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"failures" bigint NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"wait_until" timestamp with time zone,
	"warned_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sign_in_throttle" ADD CONSTRAINT "sign_in_throttle_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;