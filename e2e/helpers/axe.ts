import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// Every page an e2e journey visits is checked against WCAG 2.1 A/AA; serious and
// critical violations fail the test, with a readable list of what and where.

const BLOCKING = new Set(['serious', 'critical']);

/**
 * `exclude`: selectors left out, e.g. a sandboxed preview frame of user-written content, where
 * scripts are off so axe cannot run inside it (its run would never finish).
 */
export async function expectAccessible(page: Page, label: string, opts: { exclude?: string[] } = {}): Promise<void> {
  const t0 = Date.now();
  // Colours measured mid-transition (a modal fading in) are blends, not what the user reads.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  // Only violations get their selectors and details worked out (every passing node's were).
  const builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] });
  // A page without frames is checked in place; axe's default finishes every run in a new
  // blank page, which made it two to four times slower. That way is kept for pages with a
  // frame, whose content the in-place run does not reach (axe-helper.spec.ts).
  if (page.frames().length === 1) builder.setLegacyMode(true);
  for (const selector of opts.exclude ?? []) builder.exclude(selector);
  const t1 = Date.now();
  const results = await builder.analyze();
  // SEURA_AXE_TIMING=1 prints each check's wait and run (ms), for work on the journeys' speed.
  if (process.env.SEURA_AXE_TIMING) console.log('AXE', label, t1 - t0, Date.now() - t1);
  const blocking = results.violations
    .filter((v) => v.impact != null && BLOCKING.has(v.impact))
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
      why: v.nodes[0]?.failureSummary,
      html: v.nodes[0]?.html.slice(0, 300),
    }));
  expect(blocking, `axe violations on ${label} (${page.url()})`).toEqual([]);
}
