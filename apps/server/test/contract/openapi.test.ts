import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness';

const root = resolve(import.meta.dirname, '../../../..');

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }>; $ref?: string }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

let server: TestServer;
let doc: Document;

beforeAll(async () => {
  server = await startTestServer();
  doc = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Document;
});
afterAll(async () => server.dispose());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      name: `${method.toUpperCase()} ${path}`,
      method,
      path,
      op,
    })),
  );

describe('the OpenAPI document', () => {
  it('is the file in the repository (npm run openapi:generate rewrites it)', () => {
    const file = JSON.parse(readFileSync(join(root, 'openapi/openapi.json'), 'utf8'));
    expect(doc).toEqual(file);
  });

  it('names every operation once, sums it up and describes its success and error responses', () => {
    const ids = new Map<string, string>();
    const problems: string[] = [];
    for (const { name, op } of operations()) {
      if (!op.operationId) problems.push(`${name}: no operationId`);
      else if (ids.has(op.operationId))
        problems.push(`${name}: operationId ${op.operationId} also on ${ids.get(op.operationId)}`);
      else ids.set(op.operationId, name);
      if (!op.summary) problems.push(`${name}: no summary`);
      const success = op.responses?.['200'] ?? op.responses?.['201'];
      // JSON, CSV for an export, or the inbox's event stream.
      const content = success?.content;
      if (
        !(
          content?.['application/json']?.schema ??
          content?.['text/csv']?.schema ??
          content?.['text/event-stream']?.schema
        )
      )
        problems.push(`${name}: no success response schema`);
      if (op.responses?.['4XX']?.$ref !== '#/components/responses/Error')
        problems.push(`${name}: no error response`);
    }
    expect(problems).toEqual([]);
  });

  it('says who may call each operation, with the CSRF header on every write a cookie signs', () => {
    const problems: string[] = [];
    for (const { name, method, path, op } of operations()) {
      if (!Array.isArray(op.security)) {
        problems.push(`${name}: no security`);
        continue;
      }
      const schemes = op.security.flatMap((alternative) => Object.keys(alternative));
      if (
        path.startsWith('/admin/api/') &&
        path !== '/admin/api/auth/login' &&
        !schemes.includes('operatorBearer')
      )
        problems.push(`${name}: an operator call without the operator schemes`);
      if (method === 'get') continue;
      // Every way in but the operator's bearer token (exempt: no cookie to forge) echoes the CSRF cookie.
      for (const alternative of op.security)
        if (!('operatorBearer' in alternative) && !('csrfToken' in alternative))
          problems.push(`${name}: a write without X-CSRF-Token (${JSON.stringify(alternative)})`);
      if (op.security.length === 0) problems.push(`${name}: a write declared public, without X-CSRF-Token`);
    }
    expect(problems).toEqual([]);
  });

  it('declares both body encodings the server accepts, JSON and form', () => {
    const problems: string[] = [];
    for (const { name, op } of operations()) {
      const content = op.requestBody?.content;
      if (!content) continue;
      for (const type of ['application/json', 'application/x-www-form-urlencoded'])
        if (!content[type]?.schema) problems.push(`${name}: no ${type} body`);
    }
    expect(problems).toEqual([]);
  });

  it('gives the web app types generated from this document (npm run openapi:generate writes both)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'earn-openapi-ts-'));
    try {
      const out = join(dir, 'schema.d.ts');
      await promisify(execFile)(
        join(root, 'node_modules/.bin/openapi-typescript'),
        [join(root, 'openapi/openapi.json'), '-o', out],
        { cwd: root },
      );
      expect(readFileSync(join(root, 'apps/web/src/api/schema.d.ts'), 'utf8')).toBe(
        readFileSync(out, 'utf8'),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  // Named like an amount or a rate, and not an id, a time, a coin or a label of one.
  const money =
    /(amount|rate|apr|price|balance|interest|fee|principal|volume|quota|reward|total|usdt|profit|yield|nav|limit|left|right|expected|actual|supplied|lent|staked|award)/i;
  const notMoney =
    /(_time|_at|asset|coin|type|status|id|name|unit|key|date|day|label|text|desc|mode)$|^missing_/i;
  /** The string fields named like money or a rate that carry no pattern (nor an enum) in `schema`. */
  const unpatterned = (schema: unknown, where: string): string[] => {
    const problems: string[] = [];
    const walk = (node: unknown, path: string, field: string | null): void => {
      if (!node || typeof node !== 'object') return;
      const s = node as Record<string, unknown>;
      if (s.type === 'string' && field && money.test(field) && !notMoney.test(field) && !s.enum && !s.pattern)
        problems.push(`${where}: ${path}`);
      for (const [k, v] of Object.entries((s.properties as Record<string, unknown>) ?? {}))
        walk(v, path ? `${path}.${k}` : k, k);
      for (const k of ['items', 'additionalProperties']) if (s[k]) walk(s[k], `${path}[]`, field);
      for (const k of ['anyOf', 'oneOf', 'allOf'])
        for (const v of (s[k] as unknown[]) ?? []) walk(v, path, field);
    };
    walk(schema, '', null);
    return problems;
  };

  it('gives every money or rate field of an answer the decimal-string pattern', () => {
    const problems: string[] = [];
    for (const { name, op } of operations()) {
      const success = op.responses?.['200'] ?? op.responses?.['201'];
      problems.push(...unpatterned(success?.content?.['application/json']?.schema, name));
    }
    expect(problems).toEqual([]);
  });

  it('gives every amount or rate a caller sends the plain-decimal pattern the server checks', () => {
    type Param = { in: string; name: string; schema?: unknown };
    const problems: string[] = [];
    for (const { name, op } of operations()) {
      const body = op.requestBody?.content?.['application/json']?.schema;
      problems.push(...unpatterned(body, `${name} body`));
      for (const p of ((op as { parameters?: Param[] }).parameters ?? []).filter((p) => p.in === 'query'))
        problems.push(
          ...unpatterned({ type: 'object', properties: { [p.name]: p.schema } }, `${name} query`),
        );
    }
    // Text, not money: a campaign tier's display label ('8' for 8 %), and the two figures the spec's
    // redeem form sends beside the amount, which the server does not read (simple-earn.md section 7).
    const text = [
      'POST /admin/api/staking/products body: extra_interest[].labels[].rate',
      'POST /admin/api/staking/products/{id}/campaigns body: labels[].rate',
      'POST /apiw/v2/uni-loan/earn/redeem body: curr_amount',
      'POST /apiw/v2/uni-loan/earn/redeem body: lend_amount',
    ];
    expect(problems.filter((p) => !text.includes(p))).toEqual([]);
  });

  it('passes redocly lint (recommended rules) without errors', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'earn-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      const result = await promisify(execFile)(
        join(root, 'node_modules/.bin/redocly'),
        ['lint', file, '--config', join(root, 'redocly.yaml'), '--format', 'json'],
        { cwd: root },
      ).catch((e: { stdout: string }) => e);
      const report = JSON.parse(result.stdout) as { totals: { errors: number; warnings: number } };
      expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
