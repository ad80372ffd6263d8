import type { Page } from 'playwright-core';

/**
 * Sets the colour scheme and language the way the app stores them (Mantine's colour-scheme key and
 * the shell's 'earn.lang'), then reloads: steadier under load than driving the header menus.
 */
export async function setPrefs(
  page: Page,
  prefs: { scheme?: 'light' | 'dark'; lang?: 'en' | 'zh-CN' },
): Promise<void> {
  await page.evaluate((p) => {
    if (p.scheme) localStorage.setItem('mantine-color-scheme-value', p.scheme);
    if (p.lang) localStorage.setItem('earn.lang', p.lang);
  }, prefs);
  await page.reload();
  if (prefs.scheme) {
    await page.waitForFunction(
      (s) => document.documentElement.getAttribute('data-mantine-color-scheme') === s,
      prefs.scheme,
    );
  }
  if (prefs.lang) await page.waitForFunction((l) => document.documentElement.lang === l, prefs.lang);
}
