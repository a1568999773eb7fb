import { type TaxLine, taxBands } from "../../../contract/invoices";
import type { CompanySettings } from "../../../contract/settings";
import type { taxDocuments } from "../../db/schema";
import { nairobiStamp } from "../../time";

/**
 * What a tax document looks like to KRA's OSCU: its items' codes and classes, and the sale (receipt type S)
 * or credit note (R) with every band's taxable amount, rate and tax.
 */

type DocumentRow = typeof taxDocuments.$inferSelect;

/** The services and whole-order lines KRA knows as items of their own (type 3, no stock). */
const serviceSeq: Record<string, number> = {
  artificial_insemination: 1,
  embryo_transfer: 2,
  consultation: 3,
  service: 4,
  other: 4,
  embryo: 5,
  sperm: 6,
  mixed: 7,
};

export const isGoods = (line: TaxLine) => line.inventoryItemId !== null;

/** KRA's item code: country, item type (2 goods, 3 service), packaging NT, unit U, then a 7-digit serial. */
export function etimsItemCode(line: TaxLine): string {
  const serial = isGoods(line) ? line.inventoryItemId! : 9_000_000 + (serviceSeq[line.code] ?? 9);
  return `KE${isGoods(line) ? 2 : 3}NTXU${String(serial).padStart(7, "0")}`;
}

/**
 * A line's KRA item classification: the item's own, else live animals and their genetic material
 * (10101500) for stock, livestock breeding services (70121600) for insemination and transfer, and
 * management consulting (80101500) for any other service.
 */
export function etimsClassCode(line: TaxLine): string {
  if (line.itemClassCode) return line.itemClassCode;
  if (isGoods(line)) return "10101500";
  return line.code === "artificial_insemination" || line.code === "embryo_transfer" ? "70121600" : "80101500";
}

export const registrar = { regrId: "urithi", regrNm: "Urithi", modrId: "urithi", modrNm: "Urithi" };

export function itemPayload(line: TaxLine): Record<string, unknown> {
  return {
    itemCd: etimsItemCode(line),
    itemClsCd: etimsClassCode(line),
    itemTyCd: isGoods(line) ? "2" : "3",
    itemNm: line.name.slice(0, 200),
    orgnNatCd: "KE",
    pkgUnitCd: "NT",
    qtyUnitCd: "U",
    taxTyCd: line.taxType,
    dftPrc: line.unitPriceKes,
    isrcAplcbYn: "N",
    useYn: "Y",
    ...registrar,
  };
}

/** Stock KRA must see arrive before it is sold: an adjustment in (06) of `qty` of the line's item. */
export function stockInPayload(
  line: TaxLine,
  qty: number,
  sarNo: number,
  now: Date,
): Record<string, unknown> {
  const amount = qty * line.unitPriceKes;
  return {
    sarNo,
    orgSarNo: 0,
    regTyCd: "M",
    sarTyCd: "06",
    ocrnDt: nairobiStamp(now).slice(0, 8),
    totItemCnt: 1,
    totTaxblAmt: amount,
    totTaxAmt: 0,
    totAmt: amount,
    remark: "Stock on hand reported before sale",
    ...registrar,
    itemList: [
      {
        itemSeq: 1,
        itemCd: etimsItemCode(line),
        itemClsCd: etimsClassCode(line),
        itemNm: line.name.slice(0, 200),
        pkgUnitCd: "NT",
        pkg: qty,
        qtyUnitCd: "U",
        qty,
        prc: line.unitPriceKes,
        splyAmt: amount,
        totDcAmt: 0,
        taxblAmt: amount,
        taxTyCd: line.taxType,
        taxAmt: 0,
        totAmt: amount,
      },
    ],
  };
}

/** The sale or credit note as KRA's saveTrnsSalesOsdc takes it, under KRA's number `invcNo`. */
export function salePayload(
  doc: DocumentRow,
  company: CompanySettings,
  numbers: { invcNo: number; orgInvcNo: number },
): Record<string, unknown> {
  const bands = taxBands(doc.lines);
  const band = Object.fromEntries(
    bands.flatMap((b) => [
      [`taxblAmt${b.taxType}`, b.taxableKes],
      [`taxRt${b.taxType}`, b.ratePct],
      [`taxAmt${b.taxType}`, b.taxKes],
    ]),
  );
  const issued = nairobiStamp(doc.issuedAt);
  const credit = doc.kind === "credit_note";
  return {
    trdInvcNo: doc.number,
    invcNo: numbers.invcNo,
    orgInvcNo: numbers.orgInvcNo,
    custTin: doc.buyerPin,
    custNm: doc.buyerName.slice(0, 60),
    salesTyCd: "N",
    rcptTyCd: credit ? "R" : "S",
    pmtTyCd: doc.paymentType,
    salesSttsCd: "02",
    cfmDt: issued,
    salesDt: issued.slice(0, 8),
    stockRlsDt: issued,
    rfdDt: credit ? issued : null,
    rfdRsnCd: credit ? doc.reasonCode : null,
    totItemCnt: doc.lines.length,
    ...band,
    totTaxblAmt: bands.reduce((s, b) => s + b.taxableKes, 0),
    totTaxAmt: bands.reduce((s, b) => s + b.taxKes, 0),
    totAmt: doc.totalKes,
    prchrAcptcYn: "N",
    remark: credit ? doc.reason : null,
    ...registrar,
    receipt: {
      custTin: doc.buyerPin,
      custMblNo: doc.buyerPhone,
      rcptPbctDt: issued,
      trdeNm: company.tradeName,
      adrs: company.address,
      topMsg: company.tradeName,
      btmMsg: "Asante / Thank you",
      prchrAcptcYn: "N",
    },
    itemList: doc.lines.map((l) => ({
      itemSeq: l.seq,
      itemCd: etimsItemCode(l),
      itemClsCd: etimsClassCode(l),
      itemNm: l.name.slice(0, 200),
      pkgUnitCd: "NT",
      pkg: l.quantity,
      qtyUnitCd: "U",
      qty: l.quantity,
      prc: l.unitPriceKes,
      splyAmt: l.totalKes,
      dcRt: 0,
      dcAmt: 0,
      taxTyCd: l.taxType,
      taxblAmt: l.totalKes,
      taxAmt: l.taxKes,
      totAmt: l.totalKes,
    })),
  };
}
