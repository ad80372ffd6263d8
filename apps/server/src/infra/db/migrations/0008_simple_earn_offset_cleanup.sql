ALTER TABLE "se_flex_positions" DROP COLUMN "snap_cum";--> statement-breakpoint
ALTER TABLE "se_flex_positions" DROP COLUMN "idx_snap";