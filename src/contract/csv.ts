/**
 * The one CSV writer (server exports and the client portal's download). Every field is quoted, so
 * commas, semicolons, tabs and line breaks never split a column in any spreadsheet's locale, and text
 * that a spreadsheet would run as a formula (= + - @, tab, carriage return) starts with a quote mark.
 */
export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export const csvLine = (values: readonly (string | number | null | undefined)[]) =>
  `${values.map(csvField).join(",")}\r\n`;
