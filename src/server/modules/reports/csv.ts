import { csvLine } from "../../../contract/csv";
import type { Report, ReportType } from "../../../contract/reports";
import { reportPeriodLabels } from "../../../contract/reports";
import { reportTables } from "./tables";

/** A titled sheet of figures and tables, as a PDF and a CSV both draw it. */
export interface Sheet {
  title: string;
  subtitle: string;
  figures: [string, string][];
  tables: { title: string; head: string[]; rows: (string | number)[][] }[];
}

/**
 * A CSV of a sheet, for a spreadsheet: the letterhead, title and subtitle first, then the figures, then each
 * table under its title, a blank line between.
 */
export function sheetCsv(sheet: Sheet, letterhead: string[]): string {
  const lines = [
    ...letterhead.map((l) => csvLine([l])),
    csvLine([sheet.title]),
    csvLine([sheet.subtitle]),
    "\r\n",
  ];
  for (const [label, value] of sheet.figures) lines.push(csvLine([label, value]));
  for (const table of sheet.tables) {
    lines.push("\r\n", csvLine([table.title]), csvLine(table.head));
    for (const row of table.rows) lines.push(csvLine(row));
  }
  return lines.join("");
}

/** A CSV of one report tab: the same tables as its PDF, with labels, not enum values. */
export function reportCsv(report: Report, type: ReportType, letterhead: string[]): string {
  const { figures, tables } = reportTables(report, type);
  const title = `${type[0]!.toUpperCase()}${type.slice(1)} Report`;
  const subtitle = `${reportPeriodLabels[report.period]}: ${report.from.slice(0, 10)} to ${report.to.slice(0, 10)}`;
  return sheetCsv({ title, subtitle, figures, tables }, letterhead);
}
