import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** WCAG 2.5.3 "Label in Name": axe tags it experimental and leaves it out of the tags above. */
const LABEL_IN_NAME = 'label-content-name-mismatch';

export interface A11yOptions {
  /**
   * Also WCAG 2.5.3 (axe's label-content-name-mismatch): every control whose accessible name differs from its visible
   * text must contain that text. Any violation of it fails, whatever its impact.
   */
  labelInName?: boolean;
}

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical violation. Moderate and minor
 * ones do not fail the test; they are attached to its report as annotations.
 *
 * One pass over the page, and axe collects the violations only (`resultTypes`): it still runs every rule, but does not
 * build a selector for every passing node, most of its time on a long page.
 */
export async function expectNoSeriousA11yViolations(page: Page, what: string, { labelInName = false }: A11yOptions = {}): Promise<void> {
  const results = await new AxeBuilder({ page })
    .options({
      runOnly: { type: 'tag', values: TAGS },
      // A rule enabled by name runs besides the tags' rules (axe's ruleShouldRun).
      ...(labelInName && { rules: { [LABEL_IN_NAME]: { enabled: true } } }),
      resultTypes: ['violations'],
    })
    .analyze();
  type Violation = (typeof results.violations)[number];
  const describe = (v: Violation) =>
    `${v.id} [${v.impact}] ${v.help}: ${v.nodes
      .slice(0, 5)
      .map((n) => n.target.join(' '))
      .join(' | ')}`;
  const mismatches = results.violations.filter((v) => v.id === LABEL_IN_NAME);
  const violations = results.violations.filter((v) => v.id !== LABEL_IN_NAME);
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const other = violations.filter((v) => !blocking.includes(v));
  if (other.length > 0) test.info().annotations.push({ type: 'axe (moderate/minor)', description: `${what}: ${other.map(describe).join('; ')}` });
  expect(blocking.map(describe), `serious/critical axe violations on ${what}`).toEqual([]);
  expect(
    mismatches.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} (${node.html.slice(0, 120)})`)),
    `${LABEL_IN_NAME} on ${what}`,
  ).toEqual([]);
}
