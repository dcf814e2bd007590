import axe from 'axe-core';
import { expect, type Frame, type Page } from '@playwright/test';

// Every page an e2e journey visits is checked against WCAG 2.1 A/AA; serious and
// critical violations fail the test, with a readable list of what and where.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const BLOCKING = ['serious', 'critical'];

interface Blocking {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  why: string | undefined;
  html: string | undefined;
}

/** `exclude`: selectors of the page's own document left out of the check. */
export async function expectAccessible(page: Page, label: string, opts: { exclude?: string[] } = {}): Promise<void> {
  const t0 = Date.now();
  // Colours measured mid-transition (a modal fading in) are blends, not what the user reads.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const t1 = Date.now();
  // Each frame is checked in itself, the page's own document first. A frame sandboxed without
  // scripts (the preview of an email, user-written content) runs no script at all, axe's
  // neither: it is left out, as AxeBuilder left it after waiting a second for each.
  const blocking: Blocking[] = [];
  for (const frame of page.frames()) {
    const main = frame === page.mainFrame();
    if (!main && (await scriptless(frame))) continue;
    const found = await inPlace(frame, main ? (opts.exclude ?? []) : []);
    blocking.push(...found.map((b) => (main ? b : { ...b, targets: b.targets.map((t) => `${frame.name() || frame.url()} » ${t}`) })));
  }
  // SEURA_AXE_TIMING=1 prints each check's wait and run (ms), for work on the journeys' speed.
  if (process.env.SEURA_AXE_TIMING) console.log('AXE', label, t1 - t0, Date.now() - t1);
  expect(blocking, `axe violations on ${label} (${page.url()})`).toEqual([]);
}

/**
 * Runs axe in the page, putting it there first when the document does not have it yet. A
 * journey checks the same document (a single-page app's) several times, and AxeBuilder puts
 * its 500 kB script in anew for each check and finishes the run from Node: 360–980 ms a check
 * against 100–280 ms for the run itself. Only violations are worked out and sent back.
 */
async function inPlace(page: Page | Frame, exclude: string[]): Promise<Blocking[]> {
  const run = () =>
    page.evaluate(
      async ({ tags, blocking, exclude }) => {
        const w = window as unknown as { axe?: typeof axe };
        if (!w.axe) return null;
        const context = exclude.length > 0 ? { include: [document], exclude: exclude.map((s) => [s]) } : document;
        const results = await w.axe.run(context as never, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], iframes: false });
        return results.violations
          .filter((v) => v.impact != null && blocking.includes(v.impact))
          .map((v) => ({
            rule: v.id,
            impact: v.impact as string,
            help: v.help,
            targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
            why: v.nodes[0]?.failureSummary,
            html: v.nodes[0]?.html.slice(0, 300),
          }));
      },
      { tags: TAGS, blocking: BLOCKING, exclude },
    );
  const found = await run();
  if (found) return found;
  await page.evaluate(axe.source);
  return (await run()) ?? [];
}

async function scriptless(frame: Frame): Promise<boolean> {
  const sandbox = await (await frame.frameElement()).getAttribute('sandbox');
  return sandbox !== null && !sandbox.split(/\s+/).includes('allow-scripts');
}
