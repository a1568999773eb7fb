import { describe, expect, it } from "vitest";
import { STAFF_READS_ANSWERED } from "../../contract/first-reads";
import { screenPage } from "./screen-page";

const index = `<!doctype html><html lang="en"><head><title>Urithi</title><link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"></div></body></html>`;
const block = `<script type="application/json" id="first-answers">[]</script>`;

describe("a screen's page", () => {
  it("carries a drawn staff screen in its language, marked as answering the screen's reads", () => {
    const page = screenPage(index, {
      block,
      drawing: { html: "<h1>Maagizo</h1>", title: "Sales & Orders · Urithi" },
      language: "sw",
      staffReads: true,
    });
    expect(page).toContain(`<html ${STAFF_READS_ANSWERED} lang="sw">`);
    expect(page).toContain("<title>Sales &amp; Orders · Urithi</title>");
    expect(page).toContain(`<div id="root" inert><h1>Maagizo</h1></div>${block}</body>`);
  });

  it("leaves the page unmarked and undrawn when the server drew nothing and answered no staff reads", () => {
    const page = screenPage(index, { block, drawing: null, language: "sw" });
    expect(page).toContain('<html lang="en">');
    expect(page).not.toContain(STAFF_READS_ANSWERED);
    expect(page).toContain(`<div id="root"></div>${block}</body>`);
  });
});
