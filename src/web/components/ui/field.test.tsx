import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useTextField } from "../../lib/form";
import { Field } from "./field";

function Lookup({ error }: { error?: string }) {
  const number = useTextField("track-number");
  return <Field label="Order number" bind={{ ...number, error }} />;
}

describe("Field", () => {
  it("links its control to the label and, when there is one, to the error under it", () => {
    render(<Lookup error="No order has that number" />);
    const input = screen.getByLabelText("Order number");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "No order has that number",
    );
    // The binding's own parts (its error, its setter) are not the input's attributes.
    expect(input.hasAttribute("error")).toBe(false);
  });

  it("marks nothing invalid without an error", () => {
    render(<Lookup />);
    const input = screen.getByLabelText("Order number");
    expect(input.getAttribute("aria-invalid")).toBeNull();
    expect(input.getAttribute("aria-describedby")).toBeNull();
  });
});
