import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import type { AppContext } from "../context";
import { type Access, access } from "./access";

/** The reference is for developers: public while developing, staff-only in production. */
export const docsAccess = (production: boolean): Access => (production ? access.anyStaff : access.public);

/**
 * An OpenAPI 3.1 document built from the routes' own Zod schemas, at /api/openapi.json, and a
 * browsable reference at /api/docs. Only /api routes are described; each says who may call it.
 */
export async function registerOpenApi(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const rule = docsAccess(ctx.config.nodeEnv === "production");
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Urithi API",
        version: "1",
        description:
          "Back office and client shop of Urithi. Errors answer { error: { code, message, fields? } }. " +
          "Sessions are an HttpOnly cookie set by the login routes.",
      },
    },
    transform: (input) => {
      if (!input.url.startsWith("/api/") || input.url.startsWith("/api/docs")) {
        return { schema: { ...input.schema, hide: true }, url: input.url };
      }
      const documented = jsonSchemaTransform(input);
      const who = input.route.config?.access;
      const summary = who ? describeAccess(who) : undefined;
      return {
        ...documented,
        schema: { ...documented.schema, ...(summary ? { description: summary } : {}) },
      };
    },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: "/api/docs",
    staticCSP: false,
    uiConfig: { url: "/api/openapi.json", docExpansion: "list", deepLinking: true },
  });
  app.get("/api/openapi.json", { config: { access: rule }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}

function describeAccess(rule: Access): string {
  switch (rule.kind) {
    case "public":
      return "Who: anyone.";
    case "session":
      return "Who: any signed-in user.";
    case "client":
      return "Who: signed-in clients.";
    case "anyStaff":
      return "Who: any staff member.";
    case "staff":
      return `Who: staff with ${rule.anyOf.join(" or ")}.`;
  }
}
