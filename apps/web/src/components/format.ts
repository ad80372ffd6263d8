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

/**
 * A rate already in percent, with exactly `places` decimals, rounded half up: the APR 0.365 reads
 * 0.37%, 5 reads 5.00%. Every percentage on screen goes through here, so they all look alike.
 */
export function formatPercent(percent: string | number, places = 2): string {
  const text = typeof percent === 'number' ? String(percent) : percent || '0';
  const negative = text.startsWith('-');
  const { whole, decimals } = halfUp(negative ? text.slice(1) : text, places);
  const shown = `${formatAmount(whole, 0)}${decimals ? `.${decimals}` : ''}`;
  return `${negative && /[1-9]/.test(shown) ? '-' : ''}${shown}%`;
}

/**
 * An unsigned decimal string rounded half up to `places`: its whole part and exactly `places`
 * decimals. Half up on the first dropped digit, done on the digit string so no float rounding creeps in.
 */
function halfUp(text: string, places: number): { whole: string; decimals: string } {
  const [int = '0', frac = ''] = text.split('.');
  const digits = `${int}${frac.padEnd(places + 1, '0').slice(0, places + 1)}`;
  let kept = digits.slice(0, -1);
  if (Number(digits.slice(-1)) >= 5) kept = (BigInt(kept || '0') + 1n).toString().padStart(kept.length, '0');
  return {
    whole: kept.slice(0, kept.length - places) || '0',
    decimals: places > 0 ? kept.slice(kept.length - places) : '',
  };
}

/**
 * A valuation (what a holding is worth at the latest price or NAV, not an amount anyone is paid),
 * cut to `places`, trailing zeros dropped: 1999.99999966 at 2 reads 1,999.99. Cut, not rounded: a
 * holding is never shown worth more than it is, and the line's page agrees with the earn overview,
 * whose per-line values are cut to the cent (its total is the sum of what it shows).
 */
export function formatValuation(value: string, places: number): string {
  const shown = formatAmount(value || '0', places);
  return /[1-9]/.test(shown) ? shown : shown.replace(/^-/, '');
}

/** A fraction as a percentage: 0.0523 → 5.23%. */
export function formatFractionPercent(fraction: string | number, places = 2): string {
  const text = typeof fraction === 'number' ? String(fraction) : fraction || '0';
  return formatPercent(shiftTwo(text), places);
}

/** x100 on a decimal string, without floats. */
function shiftTwo(text: string): string {
  const negative = text.startsWith('-');
  const [int = '0', frac = ''] = (negative ? text.slice(1) : text).split('.');
  const padded = frac.padEnd(2, '0');
  const out = `${int}${padded.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const rest = padded.slice(2);
  return `${negative ? '-' : ''}${out}${rest ? `.${rest}` : ''}`;
}

/** An amount with its unit, cut (never rounded up) to the asset's decimals: "1,234.5 USDT". */
export function formatCoinAmount(amount: string, coin: string, decimals = 8): string {
  return `${formatAmount(amount || '0', decimals)} ${coin}`;
}

/**
 * The decimals at which one step of a coin is worth at most a cent at `priceUsdt`: 2 + ⌈log10 price⌉,
 * counted on the digit string (1 → 2, 60,000 → 7, 3,000 → 6, 0.2 → 2). Never below 2.
 */
export function centDecimals(priceUsdt: string): number {
  const [int = '0', frac = ''] = priceUsdt.split('.');
  const whole = int.replace(/^0+/, '');
  if (whole === '') return 2;
  // ⌈log10⌉ is the count of whole digits, one fewer for an exact power of ten (1, 10, 100 …).
  const powerOfTen = /^10*$/.test(whole) && /^0*$/.test(frac);
  return 2 + whole.length - (powerOfTen ? 1 : 0);
}
