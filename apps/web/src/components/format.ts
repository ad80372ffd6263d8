/**
 * Display of decimal strings without turning them into floats: thousands grouped, decimals cut (never
 * rounded up) to `maxDecimals`, trailing zeros dropped down to `minDecimals`.
 */
export function formatAmount(value: string, maxDecimals = 8, minDecimals = 0): string {
  const negative = value.startsWith('-');
  const [rawInt = '0', rawFrac = ''] = (negative ? value.slice(1) : value).split('.');
  const int = rawInt.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  let frac = rawFrac.slice(0, maxDecimals).replace(/0+$/, '');
  if (frac.length < minDecimals) frac = frac.padEnd(minDecimals, '0');
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}
