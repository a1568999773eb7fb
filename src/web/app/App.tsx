import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, use, useEffect } from "react";
import { Route, Switch } from "wouter";
import { OfflineBanner } from "../components/offline-banner";
import { ToastHost } from "../components/ui/toast-host";
import { toast } from "../components/ui/use-toast";
import { activate, i18n, initialLanguage } from "../lib/i18n/i18n";
import { onRateLimited, onUnauthorized, queryClient } from "../lib/query-client";
import { meQueryKey, useSession } from "../lib/session";
import { FullPageSpinner } from "./full-page-spinner";
import { LoadErrorBoundary } from "./load-error-boundary";
import { PageIdentity, SkipLink } from "./page-identity";
import { LoginPage, NotFoundPage, publicRoutes, routeTitle, staffNotFoundRoute, staffRoutes } from "./routes";
import { UpdatePrompt } from "./update-prompt";
import { warmRoute } from "./warm-route";

// The back office (shell, sidebar, alerts) loads only when a staff screen is opened, keeping public pages light.
const StaffScreen = lazy(() => import("./staff-screen"));

// The first language's messages load beside the first screen's code; a failure reaches the boundary below.
const languageReady = activate(initialLanguage());
warmRoute(window.location.pathname);

/** Renders once the messages of the language are in, so no screen ever shows a message id. */
function WithLanguage({ children }: { children: ReactNode }) {
  use(languageReady);
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

/**
 * A 401 from any screen means the server ended the session: forget the user so guards send them to log in.
 * A 429 says how long to wait, wherever it came from.
 */
function SessionWatcher() {
  useEffect(
    () =>
      onUnauthorized(() => {
        queryClient.setQueryData(meQueryKey, null);
      }),
    [],
  );
  useEffect(
    () =>
      onRateLimited((message) =>
        toast({ variant: "destructive", title: "Too Many Requests", description: message }),
      ),
    [],
  );
  return null;
}

/** Staff keep the shell (and the way back) on an address that does not exist; everyone else gets the page. */
function UnknownAddress() {
  const session = useSession();
  const user = session.data?.user;
  if (session.isLoading) return <FullPageSpinner />;
  return user && user.role !== "client" ? <StaffScreen route={staffNotFoundRoute} /> : <NotFoundPage />;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionWatcher />
      <LoadErrorBoundary>
        <Suspense fallback={<FullPageSpinner />}>
          <WithLanguage>
            <SkipLink />
            <OfflineBanner />
            <PageIdentity titleOf={routeTitle} />
            <Switch>
              <Route path="/login" component={LoginPage} />
              {staffRoutes.flatMap((route) =>
                route.paths.map((path) => (
                  <Route key={path} path={path}>
                    <StaffScreen route={route} />
                  </Route>
                )),
              )}
              {publicRoutes.map((r) => (
                <Route key={r.path} path={r.path} component={r.component} />
              ))}
              <Route component={UnknownAddress} />
            </Switch>
            <UpdatePrompt />
          </WithLanguage>
        </Suspense>
      </LoadErrorBoundary>
      <ToastHost />
    </QueryClientProvider>
  );
}
