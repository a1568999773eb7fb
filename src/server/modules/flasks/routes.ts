import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  flaskDetailSchema,
  flaskHolderSchema,
  flaskInputSchema,
  flaskIssueSchema,
  flaskLendSchema,
  flaskReturnSchema,
  flaskSchema,
  flaskSummarySchema,
} from "../../../contract/flasks";
import { paginationQuery } from "../../../contract/pagination";
import { text } from "../../../contract/primitives";
import type { AppContext } from "../../context";
import { access } from "../../http/access";
import { currentUser } from "../../http/auth-hook";
import { withTotal } from "../../http/list-total";
import { idParams } from "../../http/params";
import {
  countFlasks,
  createFlask,
  flaskHolders,
  flaskSummary,
  getFlask,
  issueToFlask,
  lendFlask,
  listFlasks,
  myFlasks,
  returnFlask,
} from "./flasks";

/** Flasks and dry shippers (issue 40 §3): the store lends them and fills them; a technician sees his own. */
export function registerFlaskRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = { access: access.staff("storage") };
  const one = { params: idParams, response: { 200: flaskSchema } };
  r.get(
    "/api/flasks",
    { config: store, schema: { querystring: paginationQuery, response: { 200: z.array(flaskSchema) } } },
    (request, reply) => withTotal(reply, listFlasks(ctx, request.query), countFlasks(ctx)),
  );
  r.post(
    "/api/flasks",
    { config: store, schema: { body: flaskInputSchema, response: { 201: flaskSchema } } },
    async (request, reply) => reply.status(201).send(await createFlask(ctx, request.body)),
  );
  r.get(
    "/api/flasks/summary",
    {
      config: store,
      schema: {
        response: { 200: flaskSummarySchema },
      },
    },
    () => flaskSummary(ctx),
  );
  r.get(
    "/api/flasks/holders",
    {
      config: store,
      schema: {
        querystring: z.object({ search: text().max(100).default("") }),
        response: { 200: z.array(flaskHolderSchema) },
      },
    },
    (request) => flaskHolders(ctx, request.query.search),
  );
  r.get(
    "/api/flasks/:id",
    { config: store, schema: { params: idParams, response: { 200: flaskDetailSchema } } },
    (request) => getFlask(ctx, request.params.id),
  );
  r.post("/api/flasks/:id/lend", { config: store, schema: { ...one, body: flaskLendSchema } }, (request) =>
    lendFlask(ctx, request.params.id, request.body, currentUser(request).id),
  );
  r.post(
    "/api/flasks/:id/return",
    { config: store, schema: { ...one, body: flaskReturnSchema } },
    (request) => returnFlask(ctx, request.params.id, request.body, currentUser(request).id),
  );
  r.post(
    "/api/flasks/:id/issue",
    {
      config: store,
      schema: { params: idParams, body: flaskIssueSchema, response: { 200: flaskDetailSchema } },
    },
    (request) => issueToFlask(ctx, request.params.id, request.body.items, currentUser(request).id),
  );
  r.get(
    "/api/field/flask",
    { config: { access: access.staff("field") }, schema: { response: { 200: z.array(flaskDetailSchema) } } },
    (request) => myFlasks(ctx, currentUser(request).id),
  );
}
