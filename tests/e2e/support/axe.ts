import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axeSource = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on the page as it is now and answers its serious and critical violations, each with the
 * elements it found, so a failing test names what to fix. By default it runs the WCAG 2.1 A and AA rules;
 * `rules` narrows it to those rules.
 */
export async function seriousViolations(page: Page, rules?: string[]): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: axeSource });
  const runOnly = rules
    ? { type: "rule", values: rules }
    : { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] };
  const violations = await page.evaluate(async (only) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, options: unknown) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, { runOnly: only, resultTypes: ["violations"] })) as {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
    }));
  }, runOnly);
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}
