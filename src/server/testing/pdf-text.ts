import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

function pdfFile(pdf: Buffer | Uint8Array): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "urithi-pdf-")), "file.pdf");
  writeFileSync(file, pdf);
  return file;
}

/** The text of a PDF as pdftotext reads it, laid out as on the page. */
export const pdfText = (pdf: Buffer | Uint8Array): string =>
  execFileSync("pdftotext", ["-layout", pdfFile(pdf), "-"], { encoding: "utf8" });

/** How many images a PDF draws (each drawing of one; an image's transparency mask is not counted). */
export const pdfImageCount = (pdf: Buffer | Uint8Array): number =>
  execFileSync("pdfimages", ["-list", pdfFile(pdf)], { encoding: "utf8" })
    .split("\n")
    .slice(2)
    .filter((row) => row.trim().split(/\s+/)[2] === "image").length;
