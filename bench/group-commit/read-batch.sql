-- Probe for group commit (issue 30 §3): the fast path's read (store/flex-fast.ts readFast) for :n
-- users' sessions in one statement. Needs, once, on the kept bench database:
--   CREATE TABLE bench_tok AS SELECT user_id AS n, token_hash FROM sessions WHERE user_id <= 256;
--   CREATE UNIQUE INDEX ON bench_tok (n); ANALYZE bench_tok;
--   pgbench -n -M prepared -c 8 -j 2 -T 10 -D n=16 -f bench/group-commit/read-batch.sql DB
\set base :client_id * 32 + 1 + random(0, 32 - :n)
\set last :base + :n - 1
SELECT u.id::text AS user_id, u.account_mode, u.use_funding, u.locked,
          pr.asset, pr.status, pr.min_lend_amount::text AS min_lend_amount,
          pr.next_time_rate_year::text AS next_time_rate_year, pr.liquidity_left::text AS liquidity_left,
          pr.is_open_award_pool, pr.ladder_apr, pr.ext_award_rate_year::text AS ext_award_rate_year,
          pr.ext_award_limit::text AS ext_award_limit,
          pr.acc_index::text AS acc_index, pr.accrued_until::text AS accrued_until,
          a.balance::text AS balance, l.amount::text AS loan,
          p.id::text AS position_id, p.xmin::text AS position_version, p.principal::text AS principal,
          (trunc(p.acc_offset + p.principal * pr.acc_index, 8) - p.interest_withdrawn)::text AS interest_balance,
          COALESCE((SELECT SUM(amount) FROM se_flex_pending WHERE position_id = p.id), 0)::text AS pending,
          EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.user_id = u.id AND k.key = 'no-such-key') AS key_used,
          EXISTS (SELECT 1 FROM notification_prefs np WHERE np.user_id = u.id AND np.mail_kinds ? 'redemption_arrived') AS mail_redeemed
        FROM sessions s JOIN users u ON u.id = s.user_id
        LEFT JOIN se_flex_products pr ON pr.asset = 'USDT'
        LEFT JOIN ledger_accounts a ON a.user_id = u.id AND a.asset = 'USDT' AND a.purpose = 'spot'
        LEFT JOIN user_loans l ON l.user_id = u.id AND l.asset = 'USDT'
        LEFT JOIN se_flex_positions p ON p.user_id = u.id AND p.asset = 'USDT' AND p.frozen_amount = 0
        WHERE s.token_hash = ANY (ARRAY(SELECT token_hash FROM bench_tok WHERE n BETWEEN :base AND :last)) AND s.revoked_at IS NULL AND s.expires_at > now();
