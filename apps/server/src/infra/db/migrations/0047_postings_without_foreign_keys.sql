-- postings is the ledger's append-only hot table, and each of its two foreign keys is checked by a
-- per-row RI trigger (a lookup in the parent table and a FOR KEY SHARE lock on its row per posting):
-- about 30 % of the flexible-interest batch statement on PGlite. Every posting is written by the
-- ledger's own write paths (postEntry, the bulk entries, the flexible batch's ledger CTEs), each of
-- which inserts the entry and joins ledger_accounts in the same statement or transaction; the
-- reconciliation's orphan_posting check reports any posting whose entry or account is missing.
ALTER TABLE "postings" DROP CONSTRAINT "postings_entry_id_journal_entries_id_fk";
--> statement-breakpoint
ALTER TABLE "postings" DROP CONSTRAINT "postings_account_id_ledger_accounts_id_fk";
