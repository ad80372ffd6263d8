/** Server-sent events as a test reads them. */
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
