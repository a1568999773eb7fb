import type * as f from "../../../contract/flasks";
import type { InventoryItem } from "../../../contract/inventory";
import type { Pagination } from "../../../contract/pagination";
import { apiJson } from "../../lib/api";
import { getQuery, useApiMutation } from "../../lib/query";

export const flaskQueries = {
  list: (page: Partial<Pagination>) => getQuery<f.Flask[]>("/api/flasks", page),
  summary: () => getQuery<f.FlaskSummary>("/api/flasks/summary"),
  one: (id: number) => getQuery<f.FlaskDetail>(`/api/flasks/${id}`),
  holders: (search: string) => getQuery<f.FlaskHolder[]>("/api/flasks/holders", { search }),
  semen: () =>
    getQuery<InventoryItem[]>("/api/inventory", { type: "sperm", limit: 200, sort: "itemId", order: "asc" }),
};

/** A flask's change shows in the list, its own page, the stock it drew from and the technician's screen. */
const invalidates = ["/api/flasks", "/api/inventory", "/api/field/flask"];

export const useAddFlask = () =>
  useApiMutation((input: f.FlaskInput) => apiJson<f.Flask>("POST", "/api/flasks", input), { invalidates });
export const useLendFlask = (id: number) =>
  useApiMutation((input: f.FlaskLend) => apiJson<f.Flask>("POST", `/api/flasks/${id}/lend`, input), {
    invalidates,
  });
export const useReturnFlask = (id: number) =>
  useApiMutation((input: f.FlaskReturn) => apiJson<f.Flask>("POST", `/api/flasks/${id}/return`, input), {
    invalidates,
  });
export const useIssueStraws = (id: number) =>
  useApiMutation((input: f.FlaskIssue) => apiJson<f.FlaskDetail>("POST", `/api/flasks/${id}/issue`, input), {
    invalidates,
  });
