import { expect, test, type Page } from '@playwright/test';
import { publicPages } from './public-pages';

// A Content-Security-Policy on every page, nonce-based on the server-rendered
// ones, and pages that still work under it: no violation, no console error.

/** Records CSP violations (as the page sees them) and console errors until the returned list is read. */
async function watchViolations(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    // The SPAs cannot see their HttpOnly session cookie, so they ask check-logged on load: a visitor who is not
    // signed in gets its 401, which the browser logs as a failed load. That is the answer, not a page problem.
    const sessionProbe = /status of 401 \(Unauthorized\)/.test(message.text());
    if (message.type() === 'error' && !sessionProbe) problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return problems;
}

test('the main pages render under their Content-Security-Policy without any violation', async ({
  page,
  request,
}) => {
  // Five pages, two of them SPAs, each waited for until the network is idle.
  test.setTimeout(150_000);
  const pages = await publicPages(request);
  const home = '/';
  const listing = pages.find((p) => /^\/avocats\/[^/]+$/.test(p))!;
  const profile = pages.find((p) => p.startsWith('/avocat/'))!;
  const problems = await watchViolations(page);
  for (const path of [home, listing, profile, '/user/connexion', '/admin/login']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    expect(response?.headers()['content-security-policy'], path).toMatch(/script-src 'self'/);
    await page.waitForLoadState('networkidle');
    // Hydrated / rendered: the page answers to the user.
    await expect(page.locator('body')).not.toBeEmpty();
  }
  // The SPAs rendered their sign-in forms (react-admin / MUI styles allowed by the policy).
  await page.goto('/admin/login');
  await expect(page.getByRole('button', { name: /connexion|se connecter/i })).toBeVisible();
  await page.goto('/user/connexion');
  await expect(page.getByRole('button', { name: /connexion|se connecter/i }).first()).toBeVisible();
  expect(problems).toEqual([]);
});

test('every inline script of a server-rendered page carries this response’s nonce, a new one each time', async ({
  request,
}) => {
  const nonces: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const response = await request.get('/');
    const policy = response.headers()['content-security-policy'];
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    nonces.push(nonce!);
    const html = await response.text();
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((match) => match[1]);
    const executable = inlineScripts.filter(
      (attributes) => !/type="application\/(ld\+)?json"/.test(attributes),
    );
    expect(executable.length).toBeGreaterThan(0);
    for (const attributes of executable) expect(attributes).toContain(`nonce="${nonce}"`);
  }
  expect(nonces[0]).not.toBe(nonces[1]);
});

test('an inline script without the nonce is blocked on a public page', async ({ page }) => {
  const problems = await watchViolations(page);
  await page.goto('/');
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.append(script);
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => problems.some((problem) => problem.includes('CSP violation'))).toBe(true);
});
