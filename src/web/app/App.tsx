import { I18nProvider } from "@lingui/react";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, use, useEffect } from "react";
import { Route, Switch } from "wouter";
import { OfflineBanner } from "../components/offline-banner";
import { ToastHost } from "../components/ui/toast-host";
import { toast } from "../components/ui/use-toast";
import { i18n } from "../lib/i18n/i18n";
import { onRateLimited, onUnauthorized } from "../lib/query-client";
import { meQueryKey, useSession } from "../lib/session";
import { FullPageSpinner } from "./full-page-spinner";
import { LoadErrorBoundary } from "./load-error-boundary";
import { PageIdentity, SkipLink } from "./page-identity";
import {
  LoginPage,
  loadStaffScreen,
  NotFoundPage,
  publicRoutes,
  routeTitle,
  staffNotFoundRoute,
  staffRoutes,
} from "./routes";
import { UpdatePrompt } from "./update-prompt";

const StaffScreen = lazy(loadStaffScreen);

/**
 * Renders once the messages of the language are in, so no screen ever shows a message id; a failure to load
 * them reaches the load-error boundary. The server renders with its languages loaded, and passes none.
 */
function WithLanguage({ ready, children }: { ready?: Promise<void>; children: ReactNode }) {
  if (ready) use(ready);
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

/**
 * A page the server drew arrives inert: its buttons would do nothing until the browser has taken the drawing
 * over, so none can be tapped in vain. This runs once the screen has been taken over (or drawn afresh).
 */
function TakenOver() {
  useEffect(() => {
    document.getElementById("root")?.removeAttribute("inert");
  }, []);
  return null;
}

/**
 * A 401 from any screen means the server ended the session: forget the user so guards send them to log in.
 * A 429 says how long to wait, wherever it came from.
 */
function SessionWatcher({ client }: { client: QueryClient }) {
  useEffect(
    () =>
      onUnauthorized(() => {
        client.setQueryData(meQueryKey, null);
      }),
    [client],
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

/** The whole app: in the browser with its one query client, on the server with one per page it renders. */
export function App({ client, languageReady }: { client: QueryClient; languageReady?: Promise<void> }) {
  return (
    <QueryClientProvider client={client}>
      <SessionWatcher client={client} />
      <LoadErrorBoundary>
        <Suspense fallback={<FullPageSpinner />}>
          <WithLanguage ready={languageReady}>
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
            <TakenOver />
          </WithLanguage>
        </Suspense>
      </LoadErrorBoundary>
      <ToastHost />
    </QueryClientProvider>
  );
}
