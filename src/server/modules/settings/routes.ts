import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  companyLogoSchema,
  companySettingsReadSchema,
  companySettingsSchema,
  discountSettingsReadSchema,
  discountSettingsSchema,
} from "../../../contract/settings";
import type { AppContext } from "../../context";
import { notFound } from "../../errors";
import { access } from "../../http/access";
import { currentUser } from "../../http/auth-hook";
import { readCompanySettings, saveCompanySettings } from "./company";
import { readDiscountSettings, saveDiscountSettings } from "./discounts";
import { readCompanyLogo, removeCompanyLogo, saveCompanyLogo } from "./logo";

export function registerSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Whoever writes orders reads the limit, so the order form says when a Director must approve.
  r.get(
    "/api/settings/discounts",
    {
      config: { access: access.staff("orders:write", "settings") },
      schema: { response: { 200: discountSettingsReadSchema } },
    },
    () => readDiscountSettings(ctx),
  );
  const directors = { access: access.staff("settings") };
  r.get(
    "/api/settings/company",
    { config: directors, schema: { response: { 200: companySettingsReadSchema } } },
    () => readCompanySettings(ctx),
  );
  r.put(
    "/api/settings/company",
    {
      config: directors,
      schema: { body: companySettingsSchema, response: { 200: companySettingsReadSchema } },
    },
    (request) => saveCompanySettings(ctx, request.body, currentUser(request).id),
  );
  r.put(
    "/api/settings/company/logo",
    {
      config: directors,
      schema: { body: companyLogoSchema, response: { 200: companySettingsReadSchema } },
    },
    async (request) => {
      await saveCompanyLogo(ctx, request.body, currentUser(request).id);
      return readCompanySettings(ctx);
    },
  );
  r.delete(
    "/api/settings/company/logo",
    { config: directors, schema: { response: { 200: companySettingsReadSchema } } },
    async (request) => {
      await removeCompanyLogo(ctx, currentUser(request).id);
      return readCompanySettings(ctx);
    },
  );
  // The image itself, for the settings screen's preview.
  r.get("/api/settings/company/logo", { config: directors }, async (_request, reply) => {
    const logo = await readCompanyLogo(ctx);
    if (!logo) throw notFound("Logo");
    return reply.type(logo.type).header("cache-control", "private, no-cache").send(logo.bytes);
  });
  r.put(
    "/api/settings/discounts",
    {
      config: { access: access.staff("settings") },
      schema: { body: discountSettingsSchema, response: { 200: discountSettingsReadSchema } },
    },
    (request) => saveDiscountSettings(ctx, request.body, currentUser(request).id),
  );
}
