import type { Page } from 'playwright-core';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'demo-password';

/**
 * Signs the demo user in through the API (the page's cookies, the CSRF token echoed), faster than the
 * form when the form is not what the test is about. Throws unless the sign-in succeeds.
 */
export async function signInDemoByApi(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/api/health`);
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const res = await page.request.post(`${baseUrl}/api/web/v1/auth/login`, {
    data: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    headers: { 'x-csrf-token': csrf },
  });
  const body = (await res.json()) as { code: number };
  if (body.code !== 0) throw new Error(`demo sign-in failed: ${JSON.stringify(body)}`);
}

/** Logs in through the /login page; lands on `redirect` (default `/`). */
export async function loginAsDemo(page: Page, baseUrl: string, redirect = '/'): Promise<void> {
  await page.goto(`${baseUrl}/login?redirect=${encodeURIComponent(redirect)}`);
  await fillLoginForm(page);
  await page.waitForURL((url) => url.pathname === redirect);
}

/** Fills and submits the login form already on screen. */
export async function fillLoginForm(page: Page, email = DEMO_EMAIL, password = DEMO_PASSWORD): Promise<void> {
  await page.locator('input[autocomplete="username"]').fill(email);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.locator('form[aria-labelledby="login-title"] button[type="submit"]').click();
}

/** Opens the language menu and picks a language by its own name ('English', '简体中文'). */
export async function switchLanguage(page: Page, label: 'English' | '简体中文'): Promise<void> {
  await page.getByTestId('lang-switch').click();
  await page.getByRole('menuitem', { name: label }).click();
}

/** Opens the theme menu and picks an option by its label in the current language. */
export async function switchTheme(page: Page, label: string): Promise<void> {
  await page.getByTestId('theme-switch').click();
  await page.getByRole('menuitem', { name: label }).click();
}

export async function colorScheme(page: Page): Promise<string | null> {
  return page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
}

/** Forgets the language and theme choices (the browser profile is shared by the tests of a file). */
export async function resetPreferences(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate(() => localStorage.clear());
}
