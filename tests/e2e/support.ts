import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** The two viewports every public screen is checked at. */
export const viewports = {
  small: { width: 390, height: 844 },
  wide: { width: 1280, height: 800 },
} as const;

/** Fails with the list of axe violations (WCAG 2.1 A/AA and best practices) on the current page. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const summary = results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
  expect(summary).toEqual([]);
}
