import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  catalogueBreedSchema,
  catalogueProductSchema,
  catalogueQuery,
  fertilityReportSchema,
  proofSheetSchema,
  recommendationQuery,
  recommendationSchema,
} from "../../../contract/catalogue";
import { LIST_TOTAL_HEADER } from "../../../contract/list-total";
import type { AppContext } from "../../context";
import { access } from "../../http/access";
import { sendCachedJson } from "../../http/cached-json";
import { idParams } from "../../http/params";
import { fertilityReport } from "./fertility-report";
import { recommend } from "./recommend";
import { catalogueBreeds, getCatalogueProduct, searchCatalogue } from "./search";

/** The genetics catalogue: search, breeds and proof sheets, open to everyone like the shop's list. */
export function registerCatalogueRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const open = { access: access.public };
  const productList = z.array(catalogueProductSchema);
  r.get(
    "/api/catalogue",
    {
      config: open,
      schema: { querystring: catalogueQuery, response: { 200: productList } },
    },
    async (request, reply) => {
      const { products, total } = await searchCatalogue(ctx, request.query);
      reply.header(LIST_TOTAL_HEADER, String(total));
      return sendCachedJson(reply, products, productList);
    },
  );
  r.get(
    "/api/reports/fertility",
    {
      config: { access: access.staff("reports", "breeding") },
      schema: { response: { 200: fertilityReportSchema } },
    },
    () => fertilityReport(ctx),
  );
  r.get(
    "/api/catalogue/breeds",
    { config: open, schema: { response: { 200: z.array(catalogueBreedSchema) } } },
    () => catalogueBreeds(ctx),
  );
  r.get(
    "/api/catalogue/recommendations",
    {
      config: open,
      schema: { querystring: recommendationQuery, response: { 200: recommendationSchema } },
    },
    (request) => recommend(ctx, request.query),
  );
  r.get(
    "/api/catalogue/:id",
    {
      config: open,
      schema: { params: idParams, response: { 200: proofSheetSchema } },
    },
    (request) => getCatalogueProduct(ctx, request.params.id),
  );
}
