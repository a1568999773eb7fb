import type { ApproveInput, PendingOrder, RejectInput } from "../../../contract/client";
import type { Order } from "../../../contract/orders";
import type { Pagination } from "../../../contract/pagination";
import { apiJson } from "../../lib/api";
import { getQuery, useApiMutation } from "../../lib/query";

export const approvalQueries = {
  pending: (page: Pagination) => getQuery<PendingOrder[]>("/api/orders/pending", page),
};

/** A decision moves the order and its stock: orders, stock and the dashboard refetch. */
const invalidates = ["/api/orders", "/api/inventory", "/api/dashboard"];

export const useApproveOrder = () =>
  useApiMutation(
    ({ id, ...input }: ApproveInput & { id: number }) =>
      apiJson<Order>("POST", `/api/orders/${id}/approve`, input),
    { invalidates, settle: "background" },
  );

export const useRejectOrder = () =>
  useApiMutation(
    ({ id, ...input }: RejectInput & { id: number }) =>
      apiJson<Order>("POST", `/api/orders/${id}/reject`, input),
    { invalidates, settle: "background" },
  );
