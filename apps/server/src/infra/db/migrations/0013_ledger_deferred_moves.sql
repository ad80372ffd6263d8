CREATE TABLE "ledger_deferred_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" numeric(38, 18) NOT NULL
);
--> statement-breakpoint
-- Applied at commit (deferred), in the order the moves were booked (each entry books them in the
-- account key order). House accounts may go negative, so this never fails.
CREATE FUNCTION ledger_apply_deferred_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id;
  DELETE FROM ledger_deferred_moves WHERE id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_deferred_move_at_commit AFTER INSERT ON ledger_deferred_moves
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_apply_deferred_move();
