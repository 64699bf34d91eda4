import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { publicPages } from './public-pages';

// Axe-core finds no violation on any public page, on a phone and on a desktop,
// with the late footer and the cookie card on screen.
for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`every public page has zero axe violations (${viewport.name})`, async ({ page, request }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    // The footer and the cookie card fade in over 250 ms of real time (CSS animations ignore the fake clock):
    // measured mid-fade, their text has a lower contrast than the page really shows. Without the animation,
    // axe reads the state the visitor sees once they are in.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    const report: string[] = [];
    for (const path of await publicPages(request)) {
      await page.goto(path);
      await page.clock.runFor(11_000); // footer (3 s) and cookie card (10 s) are shown
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      for (const v of results.violations) {
        report.push(`${path}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`);
      }
    }
    expect(report).toEqual([]);
  });
}
