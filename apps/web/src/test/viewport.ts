/**
 * jsdom has no media queries: this answers `(max-width: Npx)` / `(min-width: Npx)` queries (px or
 * em) against a width the test sets, so components take their mobile or desktop layout.
 */
let width = 1400;

function matches(query: string): boolean {
  const toPx = (v: string, unit: string) => Number(v) * (unit === 'em' ? 16 : 1);
  const max = /max-width:\s*([\d.]+)(px|em)/.exec(query);
  const min = /min-width:\s*([\d.]+)(px|em)/.exec(query);
  if (max && !(width <= toPx(max[1] as string, max[2] as string))) return false;
  if (min && !(width >= toPx(min[1] as string, min[2] as string))) return false;
  return !!(max || min);
}

export function setViewportWidth(px: number): void {
  width = px;
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: px });
  window.matchMedia = (query: string) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
