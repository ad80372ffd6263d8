-- Probe for group commit (issue 30 §3; bench/README.md, "Group commit: what batching would buy"):
-- the flexible fast path's write, set-based, for :n subscriptions of distinct users in ONE
-- autocommitted statement (holding locks NOWAIT in id order, all Idempotency-Key claims, all pending
-- rows, all history rows, one upsert of every account's summed delta in key order, one insert of the
-- entries, one of all postings, the checks in the final SELECT). n = 1 is one call as today.
-- Run on a database kept by `npm run bench:api -- --keep` (users 1..256 hold USDT), 8 clients,
-- each client on its own 32 users so that no two batches collide:
--   pgbench -n -M prepared -c 8 -j 2 -T 15 -D n=16 -f bench/group-commit/subscribe-batch.sql DB
-- calls/s = tps × n.
\set base :client_id * 32 + 1 + random(0, 32 - :n)
\set last :base + :n - 1
WITH c AS (
  SELECT g AS uid, p.id AS pid, (1 + g % 7)::numeric AS amt, md5(random()::text) AS key,
         row_number() OVER (ORDER BY g) AS n
  FROM generate_series(:base::int, :last::int) g JOIN se_flex_positions p ON p.user_id = g AND p.asset = 'USDT'
), holding AS (
  SELECT p.id FROM se_flex_positions p WHERE p.id IN (SELECT pid FROM c) ORDER BY p.id FOR UPDATE NOWAIT
), claim AS (
  INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response, created_at)
  SELECT uid, key, 'h', 200, '{"code":0,"data":{"asset":"USDT","amount":"1","blended_apr":"0.05"}}'::jsonb, now() FROM c
), pend AS (
  INSERT INTO se_flex_pending (position_id, hour_start, asset, amount)
  SELECT pid, date_trunc('hour', now()), 'USDT', amt FROM c
  ON CONFLICT (position_id, hour_start) DO UPDATE SET amount = se_flex_pending.amount + EXCLUDED.amount
), hist AS (
  INSERT INTO se_history (user_id, line, type, mode, asset, amount, lend_rate_year, blended_apr, at)
  SELECT uid, 'flexible', 1, 0, 'USDT', amt, 0.05, 0.05, now() FROM c
), moves AS (
  SELECT n, uid, 'spot'::text AS purpose, -amt AS delta FROM c
  UNION ALL SELECT n, uid, 'flexible', amt FROM c
), acc AS (
  INSERT INTO ledger_accounts (user_id, asset, purpose, is_user, balance)
  SELECT uid, 'USDT', purpose, delta >= 0, delta FROM moves
  WHERE (SELECT count(*) FROM holding) = (SELECT count(*) FROM c)
  ORDER BY uid, purpose COLLATE "C"
  ON CONFLICT (user_id, asset, purpose)
    DO UPDATE SET balance = ledger_accounts.balance + EXCLUDED.balance, is_user = ledger_accounts.is_user
  RETURNING id, user_id, purpose, is_user
), je AS (
  INSERT INTO journal_entries (id, reason, created_at)
  SELECT nextval('journal_entries_id_seq'), 'se_flex_subscribe', now() FROM c RETURNING id
), ids AS (
  SELECT id, row_number() OVER (ORDER BY id) AS n FROM je
), lines AS (
  INSERT INTO postings (entry_id, account_id, asset, amount)
  SELECT ids.id, acc.id, 'USDT', m.delta FROM moves m JOIN ids ON ids.n = m.n
  JOIN acc ON acc.user_id = m.uid AND acc.purpose = m.purpose
  RETURNING 1
)
SELECT CASE WHEN (SELECT count(*) FROM lines) <> 2 * (SELECT count(*) FROM c)
  OR EXISTS (SELECT 1 FROM acc WHERE NOT is_user) THEN earn_check(false, 'XX000', 'batch') ELSE true END;
