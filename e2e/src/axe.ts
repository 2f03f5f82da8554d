/** axe-core (WCAG 2 A, 2 AA, 2.1 AA) on the page as it is now: the one filter of serious and critical findings. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { animationsSettled } from './session.ts';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];

/** The serious and critical violations, each as `rule (impact): help` and the first targets; [] when clean. */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  await animationsSettled(page);
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes
          .slice(0, 8)
          .map((n) => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
          .join('\n'),
    );
}

/** A soft failure named after `what` for every serious or critical violation (the test goes on). */
export async function audit(page: Page, what: string, include?: string): Promise<void> {
  const bad = await seriousViolations(page, include);
  expect.soft(bad.length, `${what}: ${bad.length} serious/critical axe violations\n${bad.join('\n')}`).toBe(0);
}
