/**
 * Navigation for code outside the router (the funding-password prompt lives in the providers, above
 * it). The layout registers the router's navigate; before that, a full page load does.
 */
let navigateFn: ((to: string) => void) | null = null;

export function registerNavigate(fn: (to: string) => void): () => void {
  navigateFn = fn;
  return () => {
    if (navigateFn === fn) navigateFn = null;
  };
}

export function goTo(to: string): void {
  if (navigateFn) navigateFn(to);
  else window.location.assign(to);
}

/** Where "Forgot?" leads: the security page, with the reset dialog open. */
export const FUNDPASS_RESET_PATH = '/account/security?reset=fundpass';
