import { useMutation, useQuery } from "@tanstack/react-query";
import type { AccountSecurity, ChangePassword } from "../../../contract/auth";
import { apiJson } from "../../lib/api";
import { invalidatePaths } from "../../lib/invalidate";

export const accountSecurityPath = "/api/auth/security";

export function useAccountSecurity() {
  return useQuery<AccountSecurity>({ queryKey: [accountSecurityPath] });
}

/** Each change here ends sessions, so the session list refetches. */
const refresh = () => invalidatePaths(accountSecurityPath);

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePassword) => apiJson<{ ok: true }>("POST", "/api/auth/password", input),
    onSuccess: refresh,
  });
}

export function useEndSession() {
  return useMutation({
    mutationFn: (id: number) => apiJson<{ ended: number }>("DELETE", `/api/auth/sessions/${id}`),
    onSuccess: refresh,
  });
}

export function useEndOtherSessions() {
  return useMutation({
    mutationFn: () => apiJson<{ ended: number }>("POST", "/api/auth/sessions/end-others"),
    onSuccess: refresh,
  });
}
