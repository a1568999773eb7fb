import { documentPdfUrl } from "../../../contract/document-links";
import type { TaxDocument } from "../../../contract/invoices";
import { formatDate, formatKes } from "../../lib/format";
import { useT } from "../../lib/i18n/i18n";
import { LinkButton } from "../link-button";
import { QrCode } from "../qr-code";
import { EtimsBadge } from "./etims-badge";

/** A tax invoice or credit note: its lines, the tax in each band, KRA's signature and QR, and its PDFs. */
export function DocumentView({ doc }: { doc: TaxDocument }) {
  const t = useT();
  const e = doc.etims;
  const bands = doc.bands.filter((b) => b.taxableKes > 0);
  return (
    <div className="grid gap-4 text-sm" data-testid="tax-document">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-gray-500">{t(`doc.${doc.kind}`)}</dt>
        <dd className="font-mono font-semibold">{doc.number}</dd>
        <dt className="text-gray-500">{t("doc.date")}</dt>
        <dd>{formatDate(doc.issuedAt)}</dd>
        <dt className="text-gray-500">{t("doc.orderLabel")}</dt>
        <dd className="font-mono">{doc.orderNumber}</dd>
        <dt className="text-gray-500">{t("doc.buyer")}</dt>
        <dd>
          {doc.buyerName}
          {doc.buyerPin && ` · ${t("doc.buyerPin")} ${doc.buyerPin}`}
        </dd>
        {doc.originalNumber && (
          <>
            <dt className="text-gray-500">{t("doc.original")}</dt>
            <dd className="font-mono">{doc.originalNumber}</dd>
          </>
        )}
        {doc.reason && (
          <>
            <dt className="text-gray-500">{t("doc.reason")}</dt>
            <dd>{doc.reason}</dd>
          </>
        )}
      </dl>
      <table className="w-full text-left">
        <thead className="text-xs text-gray-500">
          <tr>
            <th className="py-1 font-medium">{t("doc.item")}</th>
            <th className="py-1 text-right font-medium">{t("doc.qty")}</th>
            <th className="py-1 text-right font-medium">{t("doc.tax")}</th>
            <th className="py-1 text-right font-medium">{t("doc.amount")}</th>
          </tr>
        </thead>
        <tbody>
          {doc.lines.map((l) => (
            <tr key={l.seq} className="border-t border-gray-100 dark:border-gray-800">
              <td className="py-1">{l.name}</td>
              <td className="py-1 text-right">{l.quantity}</td>
              <td className="py-1 text-right">{l.taxType}</td>
              <td className="py-1 text-right tabular-nums">{formatKes(l.totalKes)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl
        className="ml-auto grid w-full max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1"
        data-testid="tax-bands"
      >
        {bands.map((b) => (
          <div key={b.taxType} className="contents">
            <dt>{t(`tax.${b.taxType}`)}</dt>
            <dd className="text-right tabular-nums">{formatKes(b.taxableKes)}</dd>
            <dt className="text-gray-500">{t("doc.bandTax", { type: b.taxType, rate: b.ratePct })}</dt>
            <dd className="text-right tabular-nums text-gray-500">{formatKes(b.taxKes)}</dd>
          </div>
        ))}
        <dt className="font-semibold">{t("doc.total")}</dt>
        <dd className="text-right font-semibold tabular-nums">{formatKes(doc.totalKes)}</dd>
      </dl>
      <section className="flex flex-wrap items-start gap-4 rounded-md border border-gray-200 p-3 dark:border-gray-800">
        <div className="min-w-0 flex-1 space-y-1">
          <p className="flex items-center gap-2 font-semibold">
            {t("doc.kra")} <EtimsBadge status={e.status} />
          </p>
          {e.status === "accepted" ? (
            <>
              <p>{t("doc.receiptNo", { n: e.receiptNumber ?? 0, total: e.totalReceiptNumber ?? 0 })}</p>
              <p>{t("doc.controlUnit", { id: e.controlUnitId ?? "" })}</p>
              <p className="break-all font-mono text-xs">
                {t("doc.signature")}: {e.signature}
              </p>
            </>
          ) : (
            <p className="text-gray-600 dark:text-gray-400">{t("doc.waiting")}</p>
          )}
          {e.lastError && e.status !== "accepted" && (
            <p className="text-red-700 dark:text-red-400" data-testid="etims-error">
              {t("doc.lastError", { error: e.lastError })}
            </p>
          )}
        </div>
        {e.qrUrl && (
          <a href={e.qrUrl} target="_blank" rel="noreferrer" aria-label={t("doc.check")}>
            <QrCode text={e.qrUrl} className="h-28 w-28" />
          </a>
        )}
      </section>
      <div className="flex flex-wrap gap-2">
        <LinkButton href={documentPdfUrl(doc, "a4")} download>
          {t("doc.pdf")}
        </LinkButton>
        <LinkButton href={documentPdfUrl(doc, "receipt")} download variant="outline">
          {t("doc.receipt")}
        </LinkButton>
      </div>
    </div>
  );
}
