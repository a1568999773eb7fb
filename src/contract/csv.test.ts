import { describe, expect, it } from "vitest";
import { csvField, csvLine } from "./csv";

/** A minimal RFC 4180 reader, to prove what a spreadsheet would see. */
function parseCsvLine(line: string): string[] {
  const fields: string[] = [];
  let i = 0;
  while (i < line.length) {
    expect(line[i]).toBe('"');
    let field = "";
    for (i++; i < line.length; i++) {
      if (line[i] === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (line[i] === '"') break;
      else field += line[i];
    }
    fields.push(field);
    i += 2;
  }
  return fields;
}

describe("the CSV writer", () => {
  it("quotes every field, so separators of any locale stay inside their column", () => {
    const values = ["Canister 1, Goblet A", "Tank; B", "tab\there", 'say "hi"', "line\nbreak", 42, null];
    const line = csvLine(values);
    expect(line.endsWith("\r\n")).toBe(true);
    expect(parseCsvLine(line.slice(0, -2))).toEqual([
      "Canister 1, Goblet A",
      "Tank; B",
      "tab\there",
      'say "hi"',
      "line\nbreak",
      "42",
      "",
    ]);
  });

  it("defuses spreadsheet formulas in text but leaves numbers alone", () => {
    for (const formula of ["=HYPERLINK(1)", "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]) {
      expect(csvField(formula)).toBe(`"'${formula}"`);
    }
    expect(csvField(-5)).toBe('"-5"');
  });
});
