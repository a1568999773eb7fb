import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** The text of a PDF as pdftotext reads it, laid out as on the page. */
export function pdfText(pdf: Buffer | Uint8Array): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "urithi-pdf-")), "file.pdf");
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}
