DROP INDEX "se_flex_interest_user_idx";--> statement-breakpoint
CREATE INDEX "se_flex_interest_period_position" ON "se_flex_interest" USING btree ("period_start","position_id");--> statement-breakpoint
CREATE INDEX "se_flex_positions_frozen_idx" ON "se_flex_positions" USING btree ("id") WHERE "se_flex_positions"."frozen_amount" > 0;