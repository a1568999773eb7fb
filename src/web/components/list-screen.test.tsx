import { useQuery } from "@tanstack/react-query";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Users } from "lucide-react";
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { getQuery } from "../lib/query";
import { queryClient } from "../lib/query-client";
import { usePage } from "../lib/use-page";
import { fakeNetwork, inApp, renderWithApp } from "../testing/render";
import { DataTable } from "./data-table";
import { ListState } from "./list-screen";

interface Row {
  id: number;
  name: string;
}

/** A list of people; `renders`, when given, notes how many rows each of its renders was given. */
function People({ size = 2, search, renders }: { size?: number; search?: string; renders?: number[] }) {
  const page = usePage({ search }, size);
  const people = useQuery(getQuery<Row[]>("/api/people", { search, ...page.params }));
  return (
    <ListState query={people} page={page} label="people" empty={{ icon: Users, title: "No people found" }}>
      {(rows) => {
        renders?.push(rows.length);
        return (
          <DataTable
            rows={rows}
            rowTestId="person"
            caption="People"
            columns={[{ header: "Name", cell: (r) => r.name }]}
          />
        );
      }}
    </ListState>
  );
}

const everyone = ["Wanjiru", "Otieno", "Kiprop", "Achieng", "Mutua"].map((name, i) => ({ id: i + 1, name }));
const pageOf = (url: string) => {
  const q = new URL(url, "http://x").searchParams;
  const offset = Number(q.get("offset"));
  return everyone.slice(offset, offset + Number(q.get("limit")));
};

describe("a list screen", () => {
  it("pages through the server a look-ahead row at a time, and says which rows it shows", async () => {
    const calls = fakeNetwork((call) => ({ status: 200, json: pageOf(call.url) }));
    renderWithApp(<People />);
    await screen.findByText("Wanjiru");
    expect(screen.getAllByTestId("person").map((r) => r.textContent)).toEqual(["Wanjiru", "Otieno"]);
    expect(calls[0]!.url).toBe("/api/people?limit=3&offset=0");
    expect(screen.getByTestId("pager-range").textContent).toBe("Showing 1–2");
    expect(screen.getByRole("button", { name: "Previous" })).toHaveProperty("disabled", true);

    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("Kiprop");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("Mutua");
    expect(screen.getAllByTestId("person")).toHaveLength(1);
    expect(screen.getByTestId("pager-range").textContent).toBe("Showing 5–5");
    expect(screen.getByRole("button", { name: "Next" })).toHaveProperty("disabled", true);
  });

  it("keeps the page in the address, so a reload or Back opens the same page", async () => {
    const calls = fakeNetwork((call) => ({ status: 200, json: pageOf(call.url) }));
    const first = renderWithApp(<People />);
    await screen.findByText("Wanjiru");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("Kiprop");
    expect(window.location.search).toBe("?page=2");
    first.unmount();
    renderWithApp(<People />, "/?page=3");
    await screen.findByText("Mutua");
    expect(calls.at(-1)!.url).toBe("/api/people?limit=3&offset=4");
    await userEvent.click(screen.getByRole("button", { name: "Previous" }));
    await screen.findByText("Kiprop");
    expect(window.location.search).toBe("?page=2");
  });

  it("says how many rows match in all, from the server's total header, on every page", async () => {
    fakeNetwork((call) => ({ status: 200, json: pageOf(call.url), headers: { "x-total-count": "1206" } }));
    renderWithApp(<People />);
    await screen.findByText("Wanjiru");
    expect(screen.getByTestId("pager-range").textContent).toBe("Showing 1–2 of 1,206");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("Kiprop");
    expect(screen.getByTestId("pager-range").textContent).toBe("Showing 3–4 of 1,206");
  });

  it("says when the count stopped at its cap", async () => {
    fakeNetwork((call) => ({ status: 200, json: pageOf(call.url), headers: { "x-total-count": "10000+" } }));
    renderWithApp(<People />);
    await screen.findByText("Wanjiru");
    expect(screen.getByTestId("pager-range").textContent).toBe("Showing 1–2 of 10,000+");
  });

  it("shows no pager when everything fits on one page", async () => {
    fakeNetwork(() => ({ status: 200, json: everyone.slice(0, 2) }));
    renderWithApp(<People size={5} />);
    await screen.findByText("Otieno");
    expect(screen.queryByTestId("pager-range")).toBeNull();
  });

  it("shows the empty state when there are no rows", async () => {
    fakeNetwork(() => ({ status: 200, json: [] }));
    renderWithApp(<People />);
    await screen.findByText("No people found");
  });

  it("says the list could not be loaded, and Try again asks once more", async () => {
    let fail = true;
    const calls = fakeNetwork((call) =>
      fail
        ? { status: 500, json: { error: { code: "INTERNAL", message: "down" } } }
        : { status: 200, json: pageOf(call.url) },
    );
    renderWithApp(<People />);
    await screen.findByText("The people could not be loaded.");
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByText("Wanjiru");
    expect(calls).toHaveLength(2);
  });

  it("labels every cell with its column, for the card layout on phones", async () => {
    fakeNetwork((call) => ({ status: 200, json: pageOf(call.url) }));
    renderWithApp(<People />);
    await screen.findByText("Wanjiru");
    await waitFor(() =>
      expect(screen.getAllByRole("cell").every((c) => c.getAttribute("data-label") === "Name")).toBe(true),
    );
  });

  it("starts a new search at its first page, without first asking for the old page", async () => {
    const calls = fakeNetwork((call) => ({ status: 200, json: pageOf(call.url) }));
    const { rerender } = renderWithApp(<People search="a" />);
    await screen.findByText("Wanjiru");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("Kiprop");
    rerender(<People search="b" />);
    await waitFor(() => expect(calls.some((c) => c.url.includes("search=b"))).toBe(true));
    const underB = calls.filter((c) => c.url.includes("search=b")).map((c) => c.url);
    expect(underB).toEqual(["/api/people?search=b&limit=3&offset=0"]);
  });
});

// A page of 25 people and the look-ahead row that says another page follows.
const crowd = Array.from({ length: 26 }, (_, i) => ({ id: i + 1, name: `Person ${i + 1}` }));

describe("a long list", () => {
  it("renders the rows a screen shows first, then the rest with the pager", async () => {
    fakeNetwork(() => ({ status: 200, json: crowd }));
    const renders: number[] = [];
    renderWithApp(<People size={25} renders={renders} />);
    await screen.findByText("Person 25");
    expect(renders[0]).toBe(12);
    expect(renders.at(-1)).toBe(25);
    expect(screen.getAllByTestId("person")).toHaveLength(25);
    expect(screen.getByTestId("pager-range").textContent).toBe("Showing 1–25");
  });

  it("is drawn by the server with its first rows; the browser takes the drawing over and adds the rest", async () => {
    window.history.replaceState(null, "", "/");
    queryClient.clear();
    queryClient.setQueryData(getQuery<Row[]>("/api/people", { limit: 26, offset: 0 }).queryKey, crowd);
    const renders: number[] = [];
    const app = inApp(<People size={25} renders={renders} />);
    const page = document.createElement("div");
    page.innerHTML = renderToString(app);
    document.body.append(page);
    const rows = () => page.querySelectorAll('[data-testid="person"]');
    expect(renders).toEqual([12]);
    expect(rows()).toHaveLength(12);
    expect(page.querySelector('[data-testid="pager-range"]')).toBeNull();
    // Marked as not all there yet, for whatever counts rows.
    expect(page.querySelectorAll("[data-rows-pending]")).toHaveLength(1);
    const drawn = rows()[0];

    const mismatches: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(page, app, { onRecoverableError: (error) => mismatches.push(error) }),
    );
    await waitFor(() => expect(rows()).toHaveLength(25));
    expect(rows()[0]).toBe(drawn);
    expect(mismatches).toEqual([]);
    expect(page.querySelector('[data-testid="pager-range"]')?.textContent).toBe("Showing 1–25");
    expect(page.querySelector("[data-rows-pending]")).toBeNull();
    root.unmount();
    page.remove();
  });
});
