import { expect } from 'vitest';
import type { TestClient } from '../harness';

export interface Item {
  id: number;
  kind: string;
  title: string;
  body: string;
  created_at: number;
  read: boolean;
}

export interface Inbox {
  list: Item[];
  unread: number;
  next_cursor: number | null;
}

export async function inbox(c: TestClient, query: Record<string, string | number> = {}): Promise<Inbox> {
  const res = await c.get<Inbox>('/api/web/v1/notifications', query);
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data;
}

export const kinds = (box: Inbox) => box.list.map((i) => i.kind);
