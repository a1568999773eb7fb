import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  companySettingsReadSchema,
  companySettingsSchema,
  discountSettingsReadSchema,
  discountSettingsSchema,
} from "../../../contract/settings";
import type { AppContext } from "../../context";
import { access } from "../../http/access";
import { currentUser } from "../../http/auth-hook";
import { readCompanySettings, saveCompanySettings } from "./company";
import { readDiscountSettings, saveDiscountSettings } from "./discounts";

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
    "/api/settings/discounts",
    {
      config: { access: access.staff("settings") },
      schema: { body: discountSettingsSchema, response: { 200: discountSettingsReadSchema } },
    },
    (request) => saveDiscountSettings(ctx, request.body, currentUser(request).id),
  );
}
