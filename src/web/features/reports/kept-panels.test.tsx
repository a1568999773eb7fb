import { act, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { KeptPanels } from "./kept-panels";

type Tab = "a" | "b" | "c";
const tabs: readonly Tab[] = ["a", "b", "c"];
const drawn: string[] = [];
const renderTab = (tab: Tab, data: number) => {
  drawn.push(`${tab}${data}`);
  return <p>{`${tab} with ${data}`}</p>;
};

describe("kept tab panels", () => {
  it("draws the chosen tab first, the others when idle, and then only shows them", async () => {
    drawn.length = 0;
    const { rerender } = render(<KeptPanels tabs={tabs} current="a" data={1} render={renderTab} />);
    expect(drawn[0]).toBe("a1");
    await waitFor(() => expect(new Set(drawn)).toEqual(new Set(["a1", "b1", "c1"])));
    expect(screen.getByText("b with 1").closest("[role=tabpanel]")?.hasAttribute("inert")).toBe(true);

    drawn.length = 0;
    rerender(<KeptPanels tabs={tabs} current="b" data={1} render={renderTab} />);
    expect(drawn).toEqual([]);
    expect(screen.getByText("b with 1").closest("[role=tabpanel]")?.hasAttribute("inert")).toBe(false);
    expect(screen.getByText("a with 1").closest("[role=tabpanel]")?.hasAttribute("inert")).toBe(true);
  });

  it("draws new data in the chosen tab at once and in the hidden ones when idle", async () => {
    drawn.length = 0;
    const { rerender } = render(<KeptPanels tabs={tabs} current="a" data={1} render={renderTab} />);
    await waitFor(() => expect(drawn).toHaveLength(3));
    drawn.length = 0;
    act(() => rerender(<KeptPanels tabs={tabs} current="a" data={2} render={renderTab} />));
    expect(drawn[0]).toBe("a2");
    expect(screen.queryByText("b with 1")).not.toBeNull();
    await waitFor(() => expect(screen.queryByText("c with 2")).not.toBeNull());
    expect(screen.queryByText("b with 2")).not.toBeNull();
    // A tab chosen before idle time reached it is drawn with the data of the moment.
    rerender(<KeptPanels tabs={tabs} current="c" data={3} render={renderTab} />);
    expect(screen.getByText("c with 3").closest("[role=tabpanel]")?.hasAttribute("inert")).toBe(false);
  });
});
