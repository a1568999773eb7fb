import { csvLine } from "../../../contract/csv";
import type { Report, ReportType } from "../../../contract/reports";
import { reportPeriodLabels } from "../../../contract/reports";
import { reportTables } from "./tables";

/**
 * A CSV of one report tab, for a spreadsheet: the letterhead and period first, then the figures, then each
 * table under its title, a blank line between. The same tables as the PDF, with labels, not enum values.
 */
export function reportCsv(report: Report, type: ReportType, letterhead: string[]): string {
  const { figures, tables } = reportTables(report, type);
  const title = `${type[0]!.toUpperCase()}${type.slice(1)} Report`;
  const period = `${reportPeriodLabels[report.period]}: ${report.from.slice(0, 10)} to ${report.to.slice(0, 10)}`;
  const lines = [...letterhead.map((l) => csvLine([l])), csvLine([title]), csvLine([period]), "\r\n"];
  for (const [label, value] of figures) lines.push(csvLine([label, value]));
  for (const table of tables) {
    lines.push("\r\n", csvLine([table.title]), csvLine(table.head));
    for (const row of table.rows) lines.push(csvLine(row));
  }
  return lines.join("");
}
