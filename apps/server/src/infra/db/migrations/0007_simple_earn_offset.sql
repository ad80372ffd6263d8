ALTER TABLE "se_flex_positions" ADD COLUMN "acc_offset" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
UPDATE "se_flex_positions" SET "acc_offset" = "snap_cum" - "principal" * "idx_snap";
