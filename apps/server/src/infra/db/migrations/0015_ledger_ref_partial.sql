-- Only entries with a business reference need the (reason, ref) key: the others (every user call's) add nothing
-- to the index, where their (reason, NULL) keys all landed on one hot page.
DROP INDEX "journal_entries_reason_ref";--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_reason_ref" ON "journal_entries" USING btree ("reason","ref") WHERE ref IS NOT NULL;