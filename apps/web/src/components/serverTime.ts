/**
 * An instant as the server states it: in UTC, with the zone written out, so a promised arrival reads
 * the same for every user wherever their browser's clock is set.
 */
export function formatServerTime(unixSeconds: number): string {
  return `${new Date(unixSeconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
