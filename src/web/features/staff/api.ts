import type {
  StaffInvite,
  StaffListQuery,
  StaffMember,
  StaffSummary,
  StaffUpdate,
} from "../../../contract/staff";
import { apiJson } from "../../lib/api";
import { getQuery, useApiMutation } from "../../lib/query";

export const staffQueries = {
  list: (query: Partial<StaffListQuery>) => getQuery<StaffMember[]>("/api/staff", query),
  summary: () => getQuery<StaffSummary>("/api/staff/summary"),
};

export const useInviteStaff = () =>
  useApiMutation((input: StaffInvite) => apiJson<StaffMember>("POST", "/api/staff", input), {
    invalidates: ["/api/staff"],
  });

export const useUpdateStaff = () =>
  useApiMutation(
    ({ id, ...change }: StaffUpdate & { id: number }) =>
      apiJson<StaffMember>("PATCH", `/api/staff/${id}`, change),
    { invalidates: ["/api/staff"] },
  );

export const useSendPasswordLink = () =>
  useApiMutation((id: number) => apiJson<{ sent: true }>("POST", `/api/staff/${id}/reset-password`, {}), {
    invalidates: ["/api/staff"],
  });

/** Every passkey of a staff member stops working (a lost phone); their password still does. */
export const useRevokePasskeys = () =>
  useApiMutation((id: number) => apiJson<{ removed: number }>("DELETE", `/api/staff/${id}/passkeys`), {
    invalidates: ["/api/staff"],
  });
