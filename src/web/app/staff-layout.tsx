import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Redirect, useLocation } from "wouter";
import type { Permission } from "../../contract/roles";
import { StaffShell } from "../components/layout/staff-shell";
import { Card } from "../components/ui/card";
import { toast } from "../components/ui/use-toast";
import { useIdleTimeout } from "../features/auth/use-idle-timeout";
import { storageQueries } from "../features/storage/api";
import { TemperatureAlertList } from "../features/storage/temperature-alert-list";
import { signOut, useSession } from "../lib/session";
import { FullPageSpinner } from "./full-page-spinner";

/** Staff screens: signed-in staff only, inside the shell; a screen the role may not use says so. */
export function StaffLayout({ anyOf, children }: { anyOf: Permission[]; children: ReactNode }) {
  const session = useSession();
  const [, navigate] = useLocation();
  const user = session.data?.user;
  const watchesStore = user?.permissions.includes("storage") ?? false;
  const alerts = useQuery({ ...storageQueries.temperatureAlerts(), enabled: watchesStore });
  // LN2 level and refill alerts not yet acknowledged; temperatures come from the list above.
  const tankAlerts = useQuery({
    ...storageQueries.alerts({ view: "open", limit: 100, offset: 0 }),
    enabled: watchesStore,
    select: (open) => open.filter((a) => a.kind !== "temperature"),
  });

  useIdleTimeout(user !== undefined && user.role !== "client", async () => {
    await signOut();
    toast({ title: "Session Expired", description: "You were signed out after 15 minutes of inactivity." });
    navigate("/login");
  });

  if (session.isLoading) return <FullPageSpinner />;
  if (!user) return <Redirect to="/login" />;
  if (user.role === "client") return <Redirect to="/client-portal" />;

  const allowed = anyOf.length === 0 || anyOf.some((p) => user.permissions.includes(p));
  return (
    <StaffShell
      user={user}
      notifications={<TemperatureAlertList alerts={alerts.data} tankAlerts={tankAlerts.data} />}
      notificationCount={(alerts.data?.length ?? 0) + (tankAlerts.data?.length ?? 0)}
      onLogout={async () => {
        await signOut();
        navigate("/");
      }}
    >
      {allowed ? (
        children
      ) : (
        <Card className="mx-auto mt-8 max-w-xl p-8 text-center">
          <h1 className="text-xl font-bold">Access restricted</h1>
          <p className="mt-2 text-gray-600 dark:text-gray-400">
            Your role ({user.roleLabel}) does not include this screen.
          </p>
        </Card>
      )}
    </StaffShell>
  );
}
