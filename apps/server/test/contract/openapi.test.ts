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
    Object.entries(item).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
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
      // JSON, or CSV for an export.
      const content = success?.content;
      if (!(content?.['application/json']?.schema ?? content?.['text/csv']?.schema))
        problems.push(`${name}: no success response schema`);
      if (op.responses?.['4XX']?.$ref !== '#/components/responses/Error')
        problems.push(`${name}: no error response`);
    }
    expect(problems).toEqual([]);
  });

  it('gives every money or rate field of an answer the decimal-string pattern', () => {
    // Named like an amount or a rate, and not an id, a time, a coin or a label of one.
    const money =
      /(amount|rate|apr|price|balance|interest|fee|principal|volume|quota|reward|total|usdt|profit|yield|nav|limit|left|right|expected|actual|supplied|lent|staked|award)/i;
    const notMoney =
      /(_time|_at|asset|coin|type|status|id|name|unit|key|date|day|label|text|desc|mode)$|^missing_/i;
    const problems: string[] = [];
    const walk = (schema: unknown, where: string, field: string | null): void => {
      if (!schema || typeof schema !== 'object') return;
      const s = schema as Record<string, unknown>;
      if (s.type === 'string' && field && money.test(field) && !notMoney.test(field) && !s.enum && !s.pattern)
        problems.push(`${where}: ${field}`);
      for (const [k, v] of Object.entries((s.properties as Record<string, unknown>) ?? {})) walk(v, where, k);
      for (const k of ['items', 'additionalProperties']) if (s[k]) walk(s[k], where, field);
      for (const k of ['anyOf', 'oneOf', 'allOf'])
        for (const v of (s[k] as unknown[]) ?? []) walk(v, where, field);
    };
    for (const { name, op } of operations()) {
      const success = op.responses?.['200'] ?? op.responses?.['201'];
      walk(success?.content?.['application/json']?.schema, name, null);
    }
    expect(problems).toEqual([]);
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
