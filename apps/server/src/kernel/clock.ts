/** The one source of "now" for business code. */
export interface Clock {
  readonly kind: 'system' | 'test';
  now(): Date;
  /** Re-reads shared state (the test clock lives in the database so every instance agrees). */
  refresh(): Promise<void>;
}

export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
