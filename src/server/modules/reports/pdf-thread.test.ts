import { describe, expect, it } from "vitest";
import { type PdfSheet, renderPdf } from "./pdf-thread";

const sheet = (rows: number): PdfSheet => ({
  letterhead: { lines: ["Urithi Genetics Ltd", "Nakuru, Kenya"], logo: null },
  title: "Urithi Sales Report",
  subtitle: "Last 30 days: 2026-10-27 to 2026-11-25",
  figures: ["Total revenue: KSh 1,250,000", "Total orders: 42"],
  tables: [
    {
      title: "Top products",
      head: ["Product", "Units", "Revenue", "Share"],
      rows: Array.from({ length: rows }, (_, i) => [
        `Kĩambu Friesian bull ${i}`,
        String(i),
        "KSh 4,500",
        "5%",
      ]),
    },
  ],
  empty: "No data for this period",
});

const pages = (pdf: Buffer) => pdf.toString("latin1").match(/\/Type \/Page\b/g)?.length ?? 0;

describe("PDF thread", () => {
  it("renders a sheet as an A4 PDF, breaking long tables onto more pages", async () => {
    const short = await renderPdf(sheet(0));
    expect(short.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pages(short)).toBe(1);
    expect(pages(await renderPdf(sheet(300)))).toBeGreaterThan(3);
  });

  it("leaves the event loop free while it lays out a long PDF", async () => {
    let turns = 0;
    let running = true;
    const spin = () => {
      turns++;
      if (running) setTimeout(spin, 1);
    };
    spin();
    // Laid out on this thread, 1,500 rows would hold the loop for the whole render: a turn or two at most.
    const pdf = await renderPdf(sheet(1500));
    running = false;
    expect(pages(pdf)).toBeGreaterThan(20);
    expect(turns).toBeGreaterThan(20);
  });

  it("answers a sheet it cannot draw with an error, and the next export still works", async () => {
    const broken = { ...sheet(1), tables: null } as unknown as PdfSheet;
    await expect(renderPdf(broken)).rejects.toThrow(/tables|null/);
    expect((await renderPdf(sheet(1))).subarray(0, 5).toString()).toBe("%PDF-");
  });
});
