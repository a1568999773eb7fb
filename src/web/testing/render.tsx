import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { vi } from "vitest";
import { Toaster } from "../components/ui/toaster";
import { i18n } from "../lib/i18n/i18n";
import { queryClient } from "../lib/query-client";

/** A piece of the app inside the app's query client and language, as the app itself holds it. */
export const inApp = (node: ReactNode) => (
  <QueryClientProvider client={queryClient}>
    <I18nProvider i18n={i18n}>{node}</I18nProvider>
  </QueryClientProvider>
);

/** Renders a piece of the app with the app's query client and toaster, as the app itself does. */
export function renderWithApp(ui: ReactNode, address = "/") {
  queryClient.clear();
  // Lists keep their page and filters in the address: each render starts at its own.
  window.history.replaceState(null, "", address);
  const withToaster = (node: ReactNode) =>
    inApp(
      <>
        {node}
        <Toaster />
      </>,
    );
  const result = render(withToaster(ui));
  return { ...result, rerender: (next: ReactNode) => result.rerender(withToaster(next)) };
}

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

/**
 * Stands in for the network: each request is answered by `answer` (status and JSON), and recorded. The
 * server itself is exercised by the API and end-to-end tests; here the subject is the screen.
 */
export function fakeNetwork(
  answer: (call: Call) => { status: number; json: unknown; headers?: Record<string, string> },
) {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = {
      method: init?.method ?? "GET",
      url: String(input),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const { status, json, headers } = answer(call);
    return new Response(JSON.stringify(json), {
      status,
      headers: { "content-type": "application/json", ...headers },
    });
  });
  return calls;
}
