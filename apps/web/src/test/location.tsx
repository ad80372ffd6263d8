import { useLocation } from 'react-router';

/** Shows the current URL's query, so a test can read what a page keeps in it. */
export function LocationProbe() {
  return <output data-testid="location-search">{useLocation().search}</output>;
}

/** The query a LocationProbe shows, parsed. */
export function shownQuery(): URLSearchParams {
  return new URLSearchParams(document.querySelector('[data-testid="location-search"]')?.textContent ?? '');
}
