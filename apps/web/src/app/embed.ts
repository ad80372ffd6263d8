/**
 * Embedded mode: with `is_frame=1` in the URL the earn pages live inside another page (the assets page
 * of the exchange). They then ask the parent window to act instead of navigating themselves.
 */
export type FrameMessage =
  | { type: 'reopen'; payload?: Record<string, unknown> }
  | { type: 'open-page'; url: string }
  | { type: 'close' }
  | { type: 'success'; payload?: Record<string, unknown> };

/** Every message carries this source tag so the parent can tell ours from other frames'. */
export const FRAME_SOURCE = 'earn';

const framedFlag = (search: string) => new URLSearchParams(search).get('is_frame') === '1';

/** Embedded once, embedded for the whole visit: in-app links do not carry `is_frame` along. */
const framedAtStart = typeof location !== 'undefined' && framedFlag(location.search);

export function isFramed(search?: string): boolean {
  if (search !== undefined) return framedFlag(search);
  return framedAtStart || (typeof location !== 'undefined' && framedFlag(location.search));
}

export function postToParent(message: FrameMessage): void {
  if (typeof window === 'undefined' || window.parent === window) return;
  // The parent's origin is not known up front; the messages carry no secrets.
  window.parent.postMessage({ source: FRAME_SOURCE, ...message }, '*');
}

/**
 * Opens a page: posts `open-page` to the parent when embedded, otherwise navigates with the given
 * function (React Router's `navigate`, or a full page load for pages outside the app).
 */
export function openPage(url: string, navigate: (url: string) => void): void {
  if (isFramed()) postToParent({ type: 'open-page', url });
  else navigate(url);
}

/** Closes the current dialog or page: tells the parent when embedded, else runs the local close. */
export function closePage(localClose: () => void): void {
  if (isFramed()) postToParent({ type: 'close' });
  else localClose();
}

export function reportSuccess(payload: Record<string, unknown>, localSuccess?: () => void): void {
  if (isFramed()) postToParent({ type: 'success', payload });
  else localSuccess?.();
}

export function reopen(payload: Record<string, unknown>, localReopen?: () => void): void {
  if (isFramed()) postToParent({ type: 'reopen', payload });
  else localReopen?.();
}
