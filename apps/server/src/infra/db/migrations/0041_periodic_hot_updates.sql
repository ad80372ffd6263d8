-- Rows that a period's job rewrites in full (every launch-pool position each hour, every staking
-- position and carry each day, every paid user's spot balance) keep half of each page free, so the
-- new version fits beside the old one: a HOT update, with no new entry in any index. At fillfactor
-- 100 each such update moved the row to another page and added an entry to every index of the table.
-- Applies to pages written from now on (a table rewrite, e.g. VACUUM FULL, applies it to old ones).
ALTER TABLE "launchpool_positions" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "staking_positions" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "staking_carries" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "ledger_accounts" SET (fillfactor = 50);
