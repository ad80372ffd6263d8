CREATE TABLE "se_fixed_quota_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"amount" numeric(38, 18) NOT NULL
);
--> statement-breakpoint
-- Applied at commit (deferred): the product row is locked for the commit alone. Quota given back
-- always applies; quota taken applies only while the remaining quota covers it, otherwise the commit
-- fails as a serialization failure and the call runs again; DETAIL names the message key answered if
-- every attempt loses.
CREATE FUNCTION se_fixed_apply_quota_claim() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE se_fixed_products SET sold_amount = sold_amount + NEW.amount
    WHERE id = NEW.product_id AND (NEW.amount < 0 OR sold_amount + NEW.amount <= total_quota);
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the remaining quota of fixed product % no longer covers %', NEW.product_id, NEW.amount
      USING ERRCODE = 'serialization_failure', DETAIL = 'simple_earn.amount.tip.remainingQuotaLessAmount';
  END IF;
  DELETE FROM se_fixed_quota_claims WHERE id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER se_fixed_quota_claim_at_commit AFTER INSERT ON se_fixed_quota_claims
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION se_fixed_apply_quota_claim();
