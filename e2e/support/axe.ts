import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * axe-core's WCAG 2 A and AA rules on the page as it stands. Evaluated through the browser's debugging
 * protocol, which the app's Content Security Policy (no inline script) does not apply to.
 */
export async function axeViolations(page: Page, within?: string): Promise<AxeViolation[]> {
  // Once a page: a route the app's router opened keeps the axe of the route before it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source);
  return page.evaluate(async (selector: string | null) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{
            violations: {
              id: string;
              impact: string | null;
              help: string;
              nodes: { target: string[]; html: string }[];
            }[];
          }>;
        };
      }
    ).axe;
    // `within`: only that part of the page (a dialog, a section), e.g. when a dialog's overlay dims the rest.
    const result = await axe.run((selector ? document.querySelector(selector) : document) as Document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      // The selector and the element's start, so a failure names what to fix.
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`),
    }));
  }, within ?? null);
}
