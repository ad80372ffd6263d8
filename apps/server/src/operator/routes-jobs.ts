import { desc } from 'drizzle-orm';
import { listAudit, recordAudit } from '../accounts/operators/audit';
import { analyticsEvents, jobRuns, reconciliationReports } from '../infra/db/schema';
import { ok } from '../infra/http/envelope';
import { type Route, type RouteRequest, route } from '../infra/http/route-table';
import { unixSeconds } from '../infra/jobs/clock';
import type { AppDeps } from '../kernel/deps';
import { type Difference, reconcileAndRecord } from '../ledger/reconcile';
import * as s from './system-schema';

async function runDueJobs(deps: AppDeps, req: RouteRequest<typeof s.runDueJobsSchema>) {
  // Each period runs in its own transaction; the record follows, naming how many ran.
  const ran = await deps.scheduler.runDue();
  await recordAudit(deps.db, req, deps.clock, {
    action: 'jobs.due.run',
    target: 'jobs:due',
    before: null,
    after: { ran, at: unixSeconds(deps.clock.now()) },
  });
  return ok({ ran });
}

async function listJobs(deps: AppDeps, req: RouteRequest<typeof s.listJobsSchema>) {
  const recent = await deps.db
    .select()
    .from(jobRuns)
    .orderBy(desc(jobRuns.periodStart))
    .limit(req.query.limit);
  return ok({
    jobs: deps.scheduler.list().map((j) => ({ name: j.name, period_seconds: j.periodSeconds })),
    runs: recent.map((r) => ({
      job: r.job,
      period_start: Math.floor(r.periodStart.getTime() / 1000),
      period_end: Math.floor(r.periodEnd.getTime() / 1000),
      instance: r.instance,
    })),
  });
}

async function reconciliation(deps: AppDeps) {
  const report = await reconcileAndRecord(deps.db, { at: deps.clock.now(), trigger: 'operator' });
  return ok(report);
}

async function listReconciliationReports(
  deps: AppDeps,
  req: RouteRequest<typeof s.reconciliationReportsSchema>,
) {
  const rows = await deps.db
    .select()
    .from(reconciliationReports)
    .orderBy(desc(reconciliationReports.id))
    .limit(req.query.limit);
  // Times travel as unix seconds, like every other answer.
  const list = rows.map((r) => ({
    id: r.id,
    at: Math.floor(r.at.getTime() / 1000),
    trigger: r.trigger,
    ok: r.ok,
    differences: r.differences as Difference[],
    period_start: r.periodStart ? Math.floor(r.periodStart.getTime() / 1000) : null,
  }));
  return ok({ list, total: list.length });
}

async function analytics(deps: AppDeps, req: RouteRequest<typeof s.analyticsSchema>) {
  const list = await deps.db
    .select()
    .from(analyticsEvents)
    .orderBy(desc(analyticsEvents.id))
    .limit(req.query.limit);
  return ok({
    list: list.map((e) => ({ ...e, at: Math.floor(e.at.getTime() / 1000) })),
    total: list.length,
  });
}

async function audit(deps: AppDeps, req: RouteRequest<typeof s.auditSchema>) {
  return ok(await listAudit(deps.db, req.query));
}

/** The jobs, reconciliation, analytics and audit-trail reads (and running the due jobs), registered in the operator scope by routes-system.ts. */
export const systemRoutes: Route[] = [
  route({
    method: 'POST',
    path: '/admin/api/jobs/run-due',
    // Not once per key: each job period runs once whoever asks (job_runs claims it), so running
    // the due jobs again runs nothing twice; and the periods commit one by one.
    config: { idempotent: false },
    schema: s.runDueJobsSchema,
    handler: runDueJobs,
  }),
  route({
    method: 'GET',
    path: '/admin/api/jobs',
    schema: s.listJobsSchema,
    handler: listJobs,
  }),
  route({
    method: 'GET',
    path: '/admin/api/reconciliation',
    schema: s.reconciliationSchema,
    handler: reconciliation,
  }),
  route({
    method: 'GET',
    path: '/admin/api/reconciliation/reports',
    schema: s.reconciliationReportsSchema,
    handler: listReconciliationReports,
  }),
  route({
    method: 'GET',
    path: '/admin/api/analytics',
    schema: s.analyticsSchema,
    handler: analytics,
  }),
  route({
    method: 'GET',
    path: '/admin/api/audit',
    schema: s.auditSchema,
    handler: audit,
  }),
];
