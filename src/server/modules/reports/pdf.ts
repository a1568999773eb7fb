import type { Report, ReportType } from "../../../contract/reports";
import { reportPeriodLabels } from "../../../contract/reports";
import { renderPdf } from "./pdf-thread";
import { reportTables } from "./tables";

/** Text the PDF can draw: emoji (which no PDF font here has) are left out, line breaks become spaces. */
export function pdfText(text: string): string {
  return text
    .replace(/\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u200D|\uFE0F/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * A PDF of one report tab: the business's letterhead, its figures and a table of the data behind each
 * chart, with "Page n of m" on every page.
 */
export function reportPdf(report: Report, type: ReportType, letterhead: string[]): Promise<Buffer> {
  const { figures, tables } = reportTables(report, type);
  return renderPdf({
    letterhead: letterhead.map(pdfText),
    title: `${type[0]!.toUpperCase()}${type.slice(1)} Report`,
    subtitle: `${reportPeriodLabels[report.period]}: ${report.from.slice(0, 10)} to ${report.to.slice(0, 10)}`,
    figures: figures.map(([label, value]) => pdfText(`${label}: ${value}`)),
    tables: tables.map((t) => ({
      title: t.title,
      head: t.head,
      rows: t.rows.map((r) => r.map((cell) => pdfText(String(cell)))),
    })),
    empty: "No data for this period",
  });
}
