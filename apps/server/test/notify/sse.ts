/** Server-sent events as a test reads them. */
import { expect } from 'vitest';
import type { FetchClient } from './http-client';

export interface Event {
  id?: string;
  event: string;
  data: unknown;
}

/** Reads server-sent events from a fetch body until `until` holds or the time is up. */
export async function readEvents(res: Response, until: (events: Event[]) => boolean, timeoutMs: number) {
  const reader = res.body?.getReader();
  if (!reader) throw new Error('no body');
  const events: Event[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  while (!until(events) && Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<null>((r) => setTimeout(() => r(null), Math.max(1, deadline - Date.now()))),
    ]);
    if (!chunk || chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields = Object.fromEntries(
        block
          .split('\n')
          .filter((l) => !l.startsWith(':') && l.includes(':'))
          .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
      );
      if (fields.event)
        events.push({ id: fields.id, event: fields.event, data: JSON.parse(fields.data ?? 'null') });
      end = buffer.indexOf('\n\n');
    }
  }
  await reader.cancel();
  return events;
}

/**
 * Opens a stream with the client's session (at `streamUrl`, which may be another instance's), then
 * causes one item for that user (the first funding password, set through `c`), and answers the
 * stream's response and what it read until the item arrived or `withinMs` passed.
 */
export async function streamWhileSettingFundpass(
  c: FetchClient,
  streamUrl: string,
  withinMs: number,
): Promise<{ res: Response; events: Event[] }> {
  const res = await fetch(streamUrl, { headers: { cookie: c.cookieHeader } });
  expect(res.status).toBe(200);
  const reading = readEvents(res, (ev) => ev.some((e) => e.event === 'notification'), withinMs);
  // The stream is open and has taken its first look before the item exists.
  await new Promise((r) => setTimeout(r, 300));
  const set = await c.call('POST', '/api/web/v1/auth/fund-password', {
    fundpass: '135790',
    login_password: 'correct-horse-1',
  });
  expect(set.code).toBe(0);
  return { res, events: await reading };
}
