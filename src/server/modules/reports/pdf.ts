import type { Report, ReportType } from "../../../contract/reports";
import { reportPeriodLabels } from "../../../contract/reports";
import type { Sheet } from "./csv";
import { type Letterhead, renderPdf } from "./pdf-thread";
import { reportTables } from "./tables";

/** Text the PDF can draw: emoji (which no PDF font here has) are left out, line breaks become spaces. */
export function pdfText(text: string): string {
  return text
    .replace(/\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u200D|\uFE0F/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** A PDF of a sheet: the business's letterhead, its figures and tables, with "Page n of m" on every page. */
export function sheetPdf(
  sheet: Sheet,
  letterhead: Letterhead,
  empty = "No data for this period",
): Promise<Buffer> {
  return renderPdf({
    letterhead: { ...letterhead, lines: letterhead.lines.map(pdfText) },
    title: sheet.title,
    subtitle: pdfText(sheet.subtitle),
    figures: sheet.figures.map(([label, value]) => pdfText(`${label}: ${value}`)),
    tables: sheet.tables.map((t) => ({
      title: t.title,
      head: t.head,
      rows: t.rows.map((r) => r.map((cell) => pdfText(String(cell)))),
    })),
    empty,
  });
}

/** A PDF of one report tab: its figures and a table of the data behind each chart. */
export function reportPdf(report: Report, type: ReportType, letterhead: Letterhead): Promise<Buffer> {
  const { figures, tables } = reportTables(report, type);
  return sheetPdf(
    {
      title: `${type[0]!.toUpperCase()}${type.slice(1)} Report`,
      subtitle: `${reportPeriodLabels[report.period]}: ${report.from.slice(0, 10)} to ${report.to.slice(0, 10)}`,
      figures,
      tables,
    },
    letterhead,
  );
}
