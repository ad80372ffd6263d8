import { z } from 'zod';
import { envelope } from '../infra/http/envelope';
import {
  getAdminAnalyticsResponse,
  getAdminJobsResponse,
  getAdminReconciliationReportsResponse,
  getAdminReconciliationResponse,
  postAdminJobsRunDueResponse,
} from './responses';

const tags = ['operator'];

/** POST /admin/api/jobs/run-due */
export const runDueJobsSchema = {
  response: { 200: postAdminJobsRunDueResponse },
  tags,
  summary: 'Run every job period that has ended by now',
};

/** GET /admin/api/jobs */
export const listJobsSchema = {
  response: { 200: getAdminJobsResponse },
  tags,
  summary: 'Registered jobs and the most recent periods run',
  querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }),
};

/** GET /admin/api/reconciliation */
export const reconciliationSchema = {
  response: { 200: getAdminReconciliationResponse },
  tags,
  summary: 'Recompute every balance from its postings; ok is false on any difference',
};

/** GET /admin/api/reconciliation/reports */
export const reconciliationReportsSchema = {
  response: { 200: getAdminReconciliationReportsResponse },
  tags,
  summary: 'Kept reconciliation reports, newest first',
  querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }),
};

/** GET /admin/api/analytics */
export const analyticsSchema = {
  response: { 200: getAdminAnalyticsResponse },
  tags,
  summary: 'Button clicks and failures the web app reported, newest first',
  querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
};

/** GET /admin/api/audit */
export const auditSchema = {
  tags,
  operationId: 'listOperatorAudit',
  summary: 'The audit trail of operator writes, newest first, paged by cursor',
  querystring: z.object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    cursor: z.coerce.number().int().positive().optional(),
    actor: z.string().max(254).optional(),
    target: z.string().max(300).optional(),
  }),
  response: {
    200: envelope(
      z.object({
        list: z.array(
          z.object({
            id: z.number(),
            at: z.number(),
            actor: z.string(),
            role: z.string(),
            action: z.string(),
            target: z.string(),
            before: z.record(z.string(), z.unknown()).nullable(),
            after: z.record(z.string(), z.unknown()).nullable(),
            request_id: z.string().nullable(),
            address: z.string().nullable(),
          }),
        ),
        next_cursor: z.number().nullable(),
      }),
    ),
  },
};
