CREATE TABLE "se_flex_liquidity_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL
);
--> statement-breakpoint
-- Applied at commit (deferred): the product row is locked for the commit alone. When the idle
-- liquidity no longer covers the claim, the commit fails as a serialization failure and the call
-- runs again; DETAIL names the message key answered if every attempt loses.
CREATE FUNCTION se_flex_apply_liquidity_claim() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE se_flex_products SET liquidity_left = liquidity_left - NEW.amount
    WHERE asset = NEW.asset AND liquidity_left >= NEW.amount;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the idle liquidity of % no longer covers %', NEW.asset, NEW.amount
      USING ERRCODE = 'serialization_failure', DETAIL = 'simple_earn.redeem.retry';
  END IF;
  DELETE FROM se_flex_liquidity_claims WHERE id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER se_flex_liquidity_claim_at_commit AFTER INSERT ON se_flex_liquidity_claims
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION se_flex_apply_liquidity_claim();
