import { Code } from '@earn/domain';
import { z } from 'zod';

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export interface Success<T> extends Envelope<T> {
  code: 0;
}

export function ok<T>(data: T): Success<T> {
  return { code: Code.OK, message: 'success', data };
}

/** The response schema of a successful call, for the OpenAPI document. */
export function envelope<T extends z.ZodTypeAny>(data: T) {
  return z.object({ code: z.literal(0), message: z.string(), data });
}

export const errorEnvelope = z.object({
  code: z.number(),
  message: z.string(),
  data: z.object({ key: z.string(), params: z.record(z.string(), z.unknown()) }).passthrough(),
});

/** A paged list: `data.list` and `data.total`. */
export function paged<T extends z.ZodTypeAny>(item: T) {
  return envelope(z.object({ list: z.array(item), total: z.number() }));
}
