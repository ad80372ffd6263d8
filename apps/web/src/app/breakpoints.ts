/** The specs' UI breakpoints in px: xl 1920, l 1400, m 768 (the mobile breakpoint), s 576. */
export const BREAKPOINTS_PX = { xl: 1920, l: 1400, m: 768, s: 576 } as const;

/** Below `m` the layout is mobile: full-screen modals, card lists instead of tables. */
export const MOBILE_QUERY = `(max-width: ${BREAKPOINTS_PX.m - 0.02}px)`;

const em = (px: number) => `${px / 16}em`;

/** Mantine's breakpoint names mapped onto the spec's: sm = s, md = m, lg = l, xl = xl. */
export const mantineBreakpoints = {
  xs: em(480),
  sm: em(BREAKPOINTS_PX.s),
  md: em(BREAKPOINTS_PX.m),
  lg: em(BREAKPOINTS_PX.l),
  xl: em(BREAKPOINTS_PX.xl),
};
