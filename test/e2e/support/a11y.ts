import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical violation. Moderate and minor
 * ones do not fail the test; they are attached to its report as annotations.
 */
export async function expectNoSeriousA11yViolations(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  type Violation = (typeof results.violations)[number];
  const describe = (v: Violation) =>
    `${v.id} [${v.impact}] ${v.help}: ${v.nodes
      .slice(0, 5)
      .map((n) => n.target.join(' '))
      .join(' | ')}`;
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const other = results.violations.filter((v) => !blocking.includes(v));
  if (other.length > 0) test.info().annotations.push({ type: 'axe (moderate/minor)', description: `${what}: ${other.map(describe).join('; ')}` });
  expect(blocking.map(describe), `serious/critical axe violations on ${what}`).toEqual([]);
}
