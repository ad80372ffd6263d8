import type { AccountMode, FundpassMode } from '@earn/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { assetSymbol, bigintId, createdAt, idPrimaryKey, money, ts, updatedAt, userRef } from './columns';

export const users = pgTable('users', {
  id: idPrimaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
  vipTier: integer('vip_tier').notNull().default(0),
  tradingVolume60d: money('trading_volume_60d').notNull().default('0'),
  accountMode: text('account_mode').$type<AccountMode>().notNull().default('classic'),
  firstOpen: boolean('first_open').notNull().default(true),
  useFunding: boolean('use_funding').notNull().default(false),
  locked: boolean('locked').notNull().default(false),
  complianceMenu: jsonb('compliance_menu').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  complianceBusiness: jsonb('compliance_business').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  fundpassHash: text('fundpass_hash'),
  fundpassMode: text('fundpass_mode').$type<FundpassMode>().notNull().default('never'),
  referralCode: text('referral_code').notNull(),
});

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the cookie value: a leaked table does not yield usable sessions. */
    tokenHash: text('token_hash').primaryKey(),
    userId: userRef().references(() => users.id),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    fundpassVerifiedAt: ts('fundpass_verified_at'),
    /** A short public handle for the sessions list (revoke by id); the token hash never leaves the server. */
    publicId: text('public_id'),
    /** The browser as its User-Agent names it, cut to 256 characters, and the client's address. */
    userAgent: text('user_agent'),
    address: text('address'),
    /** The last call made with it, written at most once a minute. */
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const fundpassFailures = pgTable(
  'fundpass_failures',
  {
    id: idPrimaryKey(),
    userId: userRef(),
    at: ts('at').notNull(),
  },
  (t) => [
    index('fundpass_failures_user_at_idx').on(t.userId, t.at),
    index('fundpass_failures_at_idx').on(t.at),
  ],
);

/** Listed coins with their USDT price; an asset not in this table is unknown to every call. */
export const assets = pgTable('assets', {
  symbol: text('symbol').primaryKey(),
  name: text('name').notNull(),
  priceUsdt: money('price_usdt').notNull(),
  precision: integer('precision').notNull().default(8),
  supportLaunchpool: boolean('support_launchpool').notNull().default(false),
  supportStaking: boolean('support_staking').notNull().default(false),
  supportLendEarn: boolean('support_lend_earn').notNull().default(true),
  listedAt: ts('listed_at').notNull(),
  updatedAt: updatedAt(),
});

/** Borrowed funds in a unified account; they sit in spot but cannot leave it or be lent. */
export const userLoans = pgTable(
  'user_loans',
  {
    userId: userRef(),
    asset: assetSymbol('asset'),
    amount: money('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.asset] }), check('user_loans_nonneg', sql`${t.amount} >= 0`)],
);

/**
 * Ledger accounts: (owner, asset, purpose). User accounts are liabilities of the exchange and can never
 * go negative; system accounts (owner 0) such as external deposits or interest expense may.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: idPrimaryKey(),
    userId: userRef(),
    asset: assetSymbol('asset'),
    purpose: text('purpose').notNull(),
    isUser: boolean('is_user').notNull(),
    balance: money('balance').notNull().default('0'),
  },
  (t) => [
    uniqueIndex('ledger_accounts_key').on(t.userId, t.asset, t.purpose),
    check('ledger_user_balance_nonneg', sql`NOT ${t.isUser} OR ${t.balance} >= 0`),
  ],
);

/**
 * A house (system) account's movement booked with `postEntry(…, { houseAtCommit: true })`: the entry
 * and its postings are written at once, and a deferred trigger (migration 0013) adds the amount to
 * the account's balance at commit, so a house account that many calls touch is locked for the commit
 * alone. The trigger deletes each row it applies.
 */
export const ledgerDeferredMoves = pgTable('ledger_deferred_moves', {
  id: idPrimaryKey(),
  accountId: bigintId('account_id').notNull(),
  amount: money('amount').notNull(),
});

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: idPrimaryKey(),
    reason: text('reason').notNull(),
    /** Business reference; (reason, ref) is unique so a payout can never be booked twice. */
    ref: text('ref'),
    createdAt: createdAt(),
    memo: jsonb('memo'),
  },
  // Partial: an entry without a reference (every user call's) adds no key to it, and unique keys of
  // (reason, NULL) would all land on one hot page of the index.
  (t) => [
    uniqueIndex('journal_entries_reason_ref').on(t.reason, t.ref).where(sql`ref IS NOT NULL`),
    // The daily rollup reads one day of entries for all users; a block range index costs the
    // append-ordered inserts next to nothing.
    index('journal_entries_created_brin').using('brin', t.createdAt),
  ],
);

/**
 * The ledger's append-only hot table. entry_id and account_id carry no foreign keys (migration 0047):
 * each key's check is a per-row trigger (a lookup and a FOR KEY SHARE lock per posting) on the
 * busiest insert path, and every posting is written by the ledger's own write paths, which insert the
 * entry and join the account in the same statement. Reconciliation reports any orphan
 * (`orphan_posting`).
 */
export const postings = pgTable(
  'postings',
  {
    id: idPrimaryKey(),
    entryId: bigintId('entry_id').notNull(),
    accountId: bigintId('account_id').notNull(),
    asset: assetSymbol('asset'),
    amount: money('amount').notNull(),
  },
  (t) => [index('postings_account_idx').on(t.accountId), index('postings_entry_idx').on(t.entryId)],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: userRef(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** One row per (job, period): the unique key that makes periodic work run exactly once. */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    periodStart: ts('period_start').notNull(),
    periodEnd: ts('period_end').notNull(),
    startedAt: ts('started_at').notNull(),
    instance: text('instance').notNull(),
  },
  (t) => [primaryKey({ columns: [t.job, t.periodStart] }), index('job_runs_period_end_idx').on(t.periodEnd)],
);

/**
 * A sharded job's period: planned once (the row and its shards commit together), closed once its
 * last shard is done. An open row (closed_at NULL) is what callers that must not see a half-booked
 * period wait on.
 */
export const jobPeriods = pgTable(
  'job_periods',
  {
    job: text('job').notNull(),
    periodStart: ts('period_start').notNull(),
    periodEnd: ts('period_end').notNull(),
    shards: integer('shards').notNull(),
    plannedAt: ts('planned_at').notNull(),
    closedAt: ts('closed_at'),
    instance: text('instance').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.job, t.periodStart] }),
    index('job_periods_open_idx').on(t.job).where(sql`closed_at IS NULL`),
    // Retention's look for the oldest closed period (at every stop of a clock advance) and its batches.
    index('job_periods_closed_end_idx').on(t.periodEnd).where(sql`closed_at IS NOT NULL`),
  ],
);

/**
 * One shard of a period's work, claimed by any instance with FOR UPDATE SKIP LOCKED and booked in
 * the claiming transaction, which also sets done_at: a shard whose instance dies is rolled back and
 * claimed again. `params` is what the plan fixed for it (ranges, rates), `result` its totals.
 */
export const jobShards = pgTable(
  'job_shards',
  {
    job: text('job').notNull(),
    periodStart: ts('period_start').notNull(),
    shard: integer('shard').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    result: jsonb('result').$type<Record<string, unknown>>(),
    doneAt: ts('done_at'),
    instance: text('instance'),
  },
  (t) => [primaryKey({ columns: [t.job, t.periodStart, t.shard] })],
);

/** The test clock's time, shared by every server process on the database. */
export const testClock = pgTable('test_clock', {
  id: integer('id').primaryKey(),
  nowMs: bigint('now_ms', { mode: 'number' }).notNull(),
});

export const reconciliationReports = pgTable('reconciliation_reports', {
  id: idPrimaryKey(),
  at: ts('at').notNull(),
  trigger: text('trigger').notNull(),
  ok: boolean('ok').notNull(),
  differences: jsonb('differences').notNull(),
  periodStart: ts('period_start'),
});

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: idPrimaryKey(),
    userId: bigintId('user_id'),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [index('analytics_events_at_idx').on(t.at)],
);

/**
 * Every operator write, one row each, appended in the same transaction as the change. Append-only:
 * a trigger (migration 0016) refuses UPDATE, DELETE and TRUNCATE.
 */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: idPrimaryKey(),
    at: ts('at').notNull(),
    /** `token` for the ADMIN_TOKEN bearer, else the operator's email. */
    actor: text('actor').notNull(),
    actorId: bigintId('actor_id'),
    role: text('role').notNull(),
    /** What was done, `<area>.<verb>`, e.g. `simple_earn.flexible.update`. */
    action: text('action').notNull(),
    /** What it was done to, `<kind>:<key>`, e.g. `flexible_product:USDT`, `user:42`. */
    target: text('target').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    requestId: text('request_id'),
    address: text('address'),
  },
  (t) => [
    index('operator_audit_actor_idx').on(t.actor, t.id),
    index('operator_audit_target_idx').on(t.target, t.id),
  ],
);

/**
 * Secrets every instance must share (the CSRF token's HMAC key): generated once by the first instance
 * that needs one and read by every other, so PostgreSQL stays the one source of truth.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
