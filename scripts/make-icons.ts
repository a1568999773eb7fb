/**
 * Renders the app icons (src/web/public/icons) from one SVG in Debian's Chromium: `npx tsx scripts/make-icons.ts`.
 * Run it again only when the mark changes; the PNGs are committed.
 */
import { writeFileSync } from "node:fs";
import { chromium } from "playwright-core";

// The maskable icon keeps its mark inside the central 80% a launcher may crop to a circle.
const svg = (
  maskable: boolean,
) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" role="img" aria-label="Urithi">
  <title>Urithi</title>
  <rect width="512" height="512" rx="${maskable ? 0 : 96}" fill="#166534"/>
  <text x="256" y="${maskable ? 330 : 350}" font-size="${maskable ? 240 : 300}" text-anchor="middle" fill="#ffffff"
    font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold">U</text>
</svg>`;

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const [name, size, maskable] of [
  ["icon-192.png", 192, false],
  ["icon-512.png", 512, false],
  ["maskable-512.png", 512, true],
  ["apple-touch-icon.png", 180, true],
] as const) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg{width:${size}px;height:${size}px;display:block}</style>${svg(maskable)}`,
  );
  writeFileSync(`src/web/public/icons/${name}`, await page.screenshot({ omitBackground: true }));
  await page.close();
}
writeFileSync("src/web/public/icons/icon.svg", svg(false));
await browser.close();
