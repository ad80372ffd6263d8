-- Each money formula once in SQL, the same rule as packages/domain/src/formulas.ts (named beside
-- each), held equal to it to the 18th decimal by apps/server/test/core/formulas.test.ts. Engines,
-- read models and the console call these instead of spelling the arithmetic. Plain SQL expressions
-- (no FROM) are inlined by the planner, so the hot paths pay nothing for the call.
-- Rates say their unit by the parameter's name: rate_fraction 0.05 = 5 %, rate_percent 5 = 5 %.

-- percentToRate: a rate in percent as a fraction, 5 → 0.05. A product, exact: `rate_percent / 100`
-- keeps 16 significant digits and cut 101.000000000000001 % to 1.01 (the property test found it).
CREATE OR REPLACE FUNCTION earn_percent_to_fraction(rate_percent numeric) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT rate_percent * 0.01 $$;--> statement-breakpoint

-- hourlyRate: the flexible index's step of an hour, rate ÷ 8,760. The divisor's 30 decimals make the
-- quotient keep at least 30 (NUMERIC division otherwise keeps 16 significant digits, as few as 20
-- decimals for a rate near 100 %), so lent × it is exact to 18 decimals for any lent below 10^12.
CREATE OR REPLACE FUNCTION earn_hourly_rate(rate_fraction numeric) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT rate_fraction / 8760.000000000000000000000000000000 $$;--> statement-breakpoint

-- hourlyInterest: a flexible hour's gross interest, lent × rate ÷ 8,760 (the index's step times lent).
CREATE OR REPLACE FUNCTION earn_hourly_interest(lent numeric, rate_fraction numeric) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lent * earn_hourly_rate(rate_fraction) $$;--> statement-breakpoint

-- termInterest: a fixed term's interest, principal × rate × days ÷ 365, 8 decimals down. The integer
-- quotient of the value scaled by 10^8 is the exact floor (NUMERIC division rounds at a scale of its own).
CREATE OR REPLACE FUNCTION earn_term_interest(principal numeric, rate_fraction numeric, days numeric) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT div(principal * rate_fraction * days * 100000000, 365) * 0.00000001 $$;--> statement-breakpoint

-- ladderTierWidth × rate: what one tier [tier_from, tier_to) earns on amount in a year; tier_to NULL
-- is no upper bound (each caller maps its own marker: '' or 0 in simple earn, -1 in staking).
CREATE OR REPLACE FUNCTION earn_tier_yearly(amount numeric, tier_from numeric, tier_to numeric, rate_fraction numeric) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT GREATEST(0, CASE WHEN tier_to IS NULL THEN amount ELSE LEAST(amount, tier_to) END - tier_from) * rate_fraction $$;--> statement-breakpoint

-- ladderYearly: a simple-earn ladder (jsonb [{left, right, apr}], right '' or 0 unbounded, apr a
-- fraction) on amount, Σ width × apr a year. Figures without trailing zeros (trim_scale), as the
-- engine writes a shard's tiers, so a quotient of this keeps the digits the engine's kept.
CREATE OR REPLACE FUNCTION earn_ladder_yearly(amount numeric, tiers jsonb) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT COALESCE(SUM(earn_tier_yearly(amount, trim_scale((t->>'left')::numeric),
      CASE WHEN COALESCE(t->>'right', '') = '' THEN NULL WHEN (t->>'right')::numeric = 0 THEN NULL
           ELSE trim_scale((t->>'right')::numeric) END,
      trim_scale((t->>'apr')::numeric))), 0)
    FROM jsonb_array_elements(tiers) t $$;--> statement-breakpoint

-- hourlyBonus: a flexible hour's bonus from a ladder's yearly figure, yearly ÷ 8,760 × price ratio.
CREATE OR REPLACE FUNCTION earn_hourly_bonus(yearly numeric, price_ratio numeric) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT yearly / 8760.000000000000000000000000000000 * price_ratio $$;--> statement-breakpoint

-- termBonus: a fixed term's bonus from a ladder's yearly figure, yearly × days × ratio ÷ 365, 8 decimals down.
CREATE OR REPLACE FUNCTION earn_term_bonus(yearly numeric, days numeric, price_ratio numeric) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT div(yearly * days * price_ratio * 100000000, 365) * 0.00000001 $$;--> statement-breakpoint

-- dayReward: a staking or soft-staking day's gross, amount × rate% ÷ 36,500, 18 decimals down.
CREATE OR REPLACE FUNCTION earn_day_reward(amount numeric, rate_percent numeric) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT div(amount * rate_percent * 1000000000000000000, 36500) * 0.000000000000000001 $$;--> statement-breakpoint

-- campaignReward: a staking campaign's gross for the seconds it ran, yearly × seconds ÷ 31,536,000, 18 decimals down.
CREATE OR REPLACE FUNCTION earn_campaign_reward(yearly numeric, seconds numeric) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT div(yearly * seconds * 1000000000000000000, 31536000) * 0.000000000000000001 $$;--> statement-breakpoint

-- feeAmount: a redemption fee, amount × fee rate, 8 decimals down.
CREATE OR REPLACE FUNCTION earn_fee(amount numeric, rate_fraction numeric) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT trunc(amount * rate_fraction, 8) $$;--> statement-breakpoint

-- payWithCarry: what accrues is paid as (carried fraction + gross) 8 decimals down; the rest,
-- carry_in + gross − this, is carried to the next period.
CREATE OR REPLACE FUNCTION earn_paid(carry_in numeric, gross numeric) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT trunc(carry_in + gross, 8) $$;
