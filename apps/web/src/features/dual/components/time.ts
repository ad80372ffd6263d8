import { formatDate } from '../../../i18n';

/** A server instant to the second, with its zone ("2026-11-28 06:40:10 UTC"): a quote's time. */
export function formatClock(unixSeconds: number): string {
  const seconds = String(new Date(unixSeconds * 1000).getUTCSeconds()).padStart(2, '0');
  return formatDate(unixSeconds, true).replace(/ UTC$/, `:${seconds} UTC`);
}
