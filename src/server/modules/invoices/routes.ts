import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  documentListQuery,
  invoicePdfQuery,
  issueInvoiceSchema,
  type TaxDocument,
  taxDocumentRowSchema,
  taxDocumentSchema,
} from "../../../contract/invoices";
import {
  agedQuery,
  agedReceivablesSchema,
  statementPageQuery,
  statementQuery,
  statementSchema,
} from "../../../contract/statements";
import type { AppContext } from "../../context";
import { taxDocuments } from "../../db/schema";
import { access } from "../../http/access";
import { currentUser } from "../../http/auth-hook";
import { countMatching, withTotal } from "../../http/list-total";
import { idParams } from "../../http/params";
import { sheetCsv } from "../reports/csv";
import { sheetPdf } from "../reports/pdf";
import { readLetterhead } from "../settings/company";
import { agedReceivables } from "./receivables";
import {
  creditNote,
  documentFilter,
  documentPdf,
  issueOrderInvoice,
  listDocuments,
  orderDocuments,
  orderInvoice,
} from "./service";
import { customerStatement } from "./statement";
import { statementSheet } from "./statement-sheet";

/** Tax invoices and credit notes: for staff, and for the client whose order they are. */
export function registerInvoiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const document = { 200: taxDocumentSchema };

  r.get(
    "/api/orders/:id/invoice",
    { config: { access: access.anySession }, schema: { params: idParams, response: document } },
    (request) => orderInvoice(ctx, currentUser(request), request.params.id),
  );
  r.get(
    "/api/orders/:id/tax-documents",
    {
      config: { access: access.anySession },
      schema: { params: idParams, response: { 200: z.array(taxDocumentRowSchema) } },
    },
    (request) => orderDocuments(ctx, currentUser(request), request.params.id),
  );
  r.post(
    "/api/orders/:id/invoice",
    {
      config: { access: access.staff("orders:write", "finance") },
      schema: { params: idParams, body: issueInvoiceSchema, response: { 201: taxDocumentSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await issueOrderInvoice(ctx, currentUser(request), request.params.id, request.body.taxType)),
  );
  const sendPdf = async (reply: FastifyReply, doc: TaxDocument, layout: "a4" | "receipt") => {
    const pdf = await documentPdf(ctx, doc, layout);
    reply.header(
      "content-disposition",
      `attachment; filename="${doc.number}${layout === "receipt" ? "-receipt" : ""}.pdf"`,
    );
    return reply.type("application/pdf").send(pdf);
  };
  r.get(
    "/api/orders/:id/invoice.pdf",
    { config: { access: access.anySession }, schema: { params: idParams, querystring: invoicePdfQuery } },
    async (request, reply) =>
      sendPdf(reply, await orderInvoice(ctx, currentUser(request), request.params.id), request.query.layout),
  );
  r.get(
    "/api/credit-notes/:id/pdf",
    { config: { access: access.anySession }, schema: { params: idParams, querystring: invoicePdfQuery } },
    async (request, reply) =>
      sendPdf(reply, await creditNote(ctx, currentUser(request), request.params.id), request.query.layout),
  );
  r.get(
    "/api/credit-notes/:id",
    { config: { access: access.anySession }, schema: { params: idParams, response: document } },
    (request) => creditNote(ctx, currentUser(request), request.params.id),
  );
  r.get(
    "/api/client/invoices",
    {
      config: { access: access.client },
      schema: { querystring: documentListQuery, response: { 200: z.array(taxDocumentRowSchema) } },
    },
    (request, reply) => {
      const where = documentFilter(request.query, currentUser(request).id);
      return withTotal(
        reply,
        listDocuments(ctx, request.query, where),
        countMatching(ctx, taxDocuments, where),
      );
    },
  );

  const finance = { access: access.staff("finance") };
  r.get(
    "/api/customers/:id/statement",
    {
      config: finance,
      schema: { params: idParams, querystring: statementPageQuery, response: { 200: statementSchema } },
    },
    (request) => customerStatement(ctx, request.params.id, request.query, request.query),
  );
  for (const format of ["pdf", "csv"] as const) {
    r.get(
      `/api/customers/:id/statement.${format}`,
      { config: finance, schema: { params: idParams, querystring: statementQuery } },
      async (request, reply) => {
        const statement = await customerStatement(ctx, request.params.id, request.query, "all");
        const letterhead = await readLetterhead(ctx, { logo: format === "pdf" });
        const sheet = statementSheet(statement);
        const file = `statement-${statement.customer.id}-${statement.from}-${statement.to}.${format}`;
        reply.header("content-disposition", `attachment; filename="${file}"`);
        return format === "pdf"
          ? reply.type("application/pdf").send(await sheetPdf(sheet, letterhead, "No entries in this period"))
          : reply.type("text/csv; charset=utf-8").send(sheetCsv(sheet, letterhead.lines));
      },
    );
  }
  r.get(
    "/api/receivables/aged",
    { config: finance, schema: { querystring: agedQuery, response: { 200: agedReceivablesSchema } } },
    (request) => agedReceivables(ctx, request.query),
  );
}
