-- A call made as one statement (its writes as data-modifying CTEs) checks its conditions in the
-- statement's final SELECT: a condition that does not hold raises, which undoes every row the
-- statement wrote. errcode 40001 marks a lost race the caller runs again by its locking path.
CREATE FUNCTION earn_check(ok boolean, errcode text, detail text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION 'one-statement check failed: %', detail USING ERRCODE = errcode, DETAIL = detail;
  END IF;
  RETURN true;
END
$$;--> statement-breakpoint
-- True when the flexible hourly accrual is not running (the shared lock is taken, held to commit)
-- and has not run since the caller read the product (accrued_until unchanged). VOLATILE: the read
-- below takes a fresh snapshot, so it sees an accrual that committed after the calling statement began.
CREATE FUNCTION se_flex_unchanged(lock_key bigint, p_asset text, p_accrued_until timestamptz) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock_shared(lock_key) THEN
    RETURN false;
  END IF;
  RETURN EXISTS (SELECT 1 FROM se_flex_products WHERE asset = p_asset AND accrued_until IS NOT DISTINCT FROM p_accrued_until);
END
$$;
