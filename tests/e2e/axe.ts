import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

// SPEC-independent accessibility bar of issue 42: WCAG 2.2 A/AA and axe's best practices, on the page as a person
// sees it (dialogs closed, data loaded).
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

export interface AxeFinding {
  rule: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/**
 * The API reference's renderer (Scalar) is a third party's: its own landmarks, colours and buttons are its project's
 * to fix, and axe reads the console around it.
 */
const THIRD_PARTY = "[data-testid=api-reference]";

/** axe's violations on the page as it stands, one entry per rule with the elements it flags. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).exclude(THIRD_PARTY).analyze();
  return violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
}

/** Fails listing every rule axe finds broken on the page, and the elements that break it. */
export async function expectAxeClean(page: Page, label = new URL(page.url()).pathname) {
  const findings = await axeFindings(page);
  expect(findings.map((finding) => `${finding.rule} (${finding.impact}): ${finding.help} — ${finding.targets.join(", ")}`), `axe on ${label}`).toEqual([]);
}
