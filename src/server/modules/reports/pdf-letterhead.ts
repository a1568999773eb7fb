import type { Letterhead } from "./pdf-thread";

type Fonts = { regular: string; bold: string };

export const GREEN = "#166534";

/** The most a logo takes at the head of an A4 page (about 40 × 20 mm) and of a till roll. */
const A4_LOGO = { width: 110, height: 56 };
const ROLL_LOGO_HEIGHT = 40;

const bytes = (logo: Uint8Array) => Buffer.from(logo.buffer, logo.byteOffset, logo.byteLength);

/**
 * The head of an A4 page at its top-left margin: the logo, then beside it the name in bold and the other
 * lines, kept within `width` points. The page carries on below whichever is lower.
 */
export function drawLetterhead(
  doc: PDFKit.PDFDocument,
  letterhead: Letterhead,
  { regular, bold }: Fonts,
  width: number,
): void {
  const left = doc.page.margins.left;
  const top = doc.y;
  let x = left;
  let bottom = top;
  if (letterhead.logo) {
    // Its box is kept whatever its shape, so the name stands in one place on every page.
    doc.image(bytes(letterhead.logo), left, top, { fit: [A4_LOGO.width, A4_LOGO.height] });
    x += A4_LOGO.width + 12;
    bottom = top + A4_LOGO.height;
  }
  const textWidth = left + width - x;
  doc
    .font(bold)
    .fontSize(14)
    .fillColor(GREEN)
    .text(letterhead.lines[0] ?? "", x, top, { width: textWidth });
  doc.font(regular).fontSize(9).fillColor("#444");
  for (const line of letterhead.lines.slice(1)) doc.text(line, x, doc.y, { width: textWidth });
  doc.x = left;
  doc.y = Math.max(doc.y, bottom);
}

/** The head of a till receipt: the logo centred, then the name and lines centred under it. */
export function drawRollLetterhead(
  doc: PDFKit.PDFDocument,
  letterhead: Letterhead,
  { regular, bold }: Fonts,
  width: number,
): void {
  const left = doc.page.margins.left;
  if (letterhead.logo) {
    const y = doc.y;
    doc.image(bytes(letterhead.logo), left + width * 0.2, y, {
      fit: [width * 0.6, ROLL_LOGO_HEIGHT],
      align: "center",
    });
    doc.y = y + ROLL_LOGO_HEIGHT + 4;
  }
  const center = { width, align: "center" as const };
  doc
    .font(bold)
    .fontSize(10)
    .text(letterhead.lines[0] ?? "", left, doc.y, center);
  doc.font(regular).fontSize(7);
  for (const line of letterhead.lines.slice(1)) doc.text(line, center);
}

/** Room a till receipt keeps for its logo. */
export const rollLogoRoom = (letterhead: Letterhead) => (letterhead.logo ? ROLL_LOGO_HEIGHT + 4 : 0);
