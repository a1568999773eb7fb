import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Component, type ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { Field } from "../components/ui/field";
import { schemaOnDemand, useContractForm } from "./form";

const phoneSchema = z.object({ phone: z.string().min(10, "Phone is too short") });

/** A schema that arrives when the test says so, as a chunk on a slow link would. */
function slowSchema() {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const load = vi.fn(() => arrived.then(() => phoneSchema));
  return { loader: schemaOnDemand(load), load, arrive };
}

function PhoneForm({
  schema,
  onValid,
}: {
  schema: Parameters<typeof useContractForm>[0]["schema"];
  onValid: (v: unknown) => void;
}) {
  const form = useContractForm({ schema, initial: { phone: "" }, idPrefix: "t" });
  return (
    <form onSubmit={form.handleSubmit(onValid)}>
      <Field label="Phone" bind={form.field("phone")} />
      <button type="submit">Send</button>
    </form>
  );
}

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>Could not load</p> : this.props.children;
  }
}

describe("a form whose schema comes on demand", () => {
  it("asks for the schema once as it shows, and checks a submit made before it arrived when it does", async () => {
    const { loader, load, arrive } = slowSchema();
    const onValid = vi.fn();
    render(<PhoneForm schema={loader} onValid={onValid} />);
    expect(load).toHaveBeenCalledTimes(1);
    await userEvent.type(screen.getByLabelText("Phone"), "0712");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.queryByText("Phone is too short")).toBeNull();
    arrive();
    await waitFor(() => expect(screen.queryByText("Phone is too short")).not.toBeNull());
    await userEvent.type(screen.getByLabelText("Phone"), "345678");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ phone: "0712345678" }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("shows the load error when the schema cannot come, and asks again next time", async () => {
    const load = vi
      .fn<() => Promise<typeof phoneSchema>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValue(phoneSchema);
    const loader = schemaOnDemand(load);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <Boundary>
        <PhoneForm schema={loader} onValid={() => {}} />
      </Boundary>,
    );
    await waitFor(() => expect(screen.queryByText("Could not load")).not.toBeNull());
    await expect(loader()).resolves.toBe(phoneSchema);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("checks at once with a schema given as it is", async () => {
    const onValid = vi.fn();
    render(<PhoneForm schema={phoneSchema} onValid={onValid} />);
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.queryByText("Phone is too short")).not.toBeNull();
  });
});
