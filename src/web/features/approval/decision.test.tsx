import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { PendingOrder } from "../../../contract/client";
import { fakeNetwork, renderWithApp } from "../../testing/render";
import { Decision } from "./decision";

const order: PendingOrder = {
  id: 12,
  orderNumber: "ORD-2026-000012",
  customerName: "Kamau Dairy",
  customerPhone: "+254711000111",
  customerEmail: "kamau@example.co.ke",
  customerLocation: "Limuru",
  deliveryContact: null,
  deliveryAddress: "Limuru",
  requestedDeliveryDate: null,
  specialInstructions: null,
  paymentMethod: "mpesa",
  currency: "KES",
  totalAmount: 9_000,
  orderDate: "2026-11-20T09:00:00Z",
  source: "client",
  notes: null,
  createdBy: null,
  createdByUserId: null,
  discountPct: 0,
  discountOverLimit: false,
  paymentStatus: "unpaid",
  amountPaidKes: 0,
  holdExpiresAt: null,
  items: [{ productName: "Friesian semen", breed: "Friesian", quantity: 2, price: 4_500 }],
};

const ok = () => ({ status: 200, json: { id: 12 } });
const toastText = async () => (await screen.findByTestId("toast")).textContent;

describe("the approval form", () => {
  it("asks for the delivery estimate with the contract's message, and sends nothing", async () => {
    const calls = fakeNetwork(ok);
    renderWithApp(<Decision order={order} approver="Amani Director" mayGiveCredit onDone={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: "Approve Order" }));
    expect(await toastText()).toContain("Please provide estimated delivery time.");
    expect(screen.getByLabelText("Estimated delivery *").getAttribute("aria-invalid")).toBe("true");
    expect(calls).toHaveLength(0);
  });

  it("approves on credit when a Director ticks it, with the days as a number", async () => {
    const calls = fakeNetwork(ok);
    const done = vi.fn();
    renderWithApp(<Decision order={order} approver="Amani Director" mayGiveCredit onDone={done} />);
    await userEvent.selectOptions(screen.getByLabelText("Estimated delivery *"), "5");
    await userEvent.click(screen.getByLabelText(/Approve on credit/));
    await userEvent.click(screen.getByRole("button", { name: "Approve Order" }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({
      method: "POST",
      url: "/api/orders/12/approve",
      body: { estimatedDays: 5, notes: "", approvedBy: "Amani Director", onCredit: true },
    });
    expect(await toastText()).toContain("Order Approved");
  });

  it("offers no credit to an approver who is not a Director", () => {
    fakeNetwork(ok);
    renderWithApp(
      <Decision order={order} approver="Chief Scientist" mayGiveCredit={false} onDone={() => {}} />,
    );
    expect(screen.queryByLabelText(/Approve on credit/)).toBeNull();
    expect(screen.queryByText(/ask a Director to approve it on credit/)).not.toBeNull();
  });

  it("needs a reason that is more than blanks to reject", async () => {
    const calls = fakeNetwork(ok);
    const done = vi.fn();
    renderWithApp(<Decision order={order} approver="Amani Director" mayGiveCredit onDone={done} />);
    await userEvent.type(screen.getByLabelText("Reason, told to the client *"), "   ");
    await userEvent.click(screen.getByRole("button", { name: "Reject Order" }));
    expect(await toastText()).toContain("Please provide a reason for rejection.");
    expect(calls).toHaveLength(0);
    await userEvent.type(screen.getByLabelText("Reason, told to the client *"), "Out of season");
    await userEvent.click(screen.getByRole("button", { name: "Reject Order" }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({ url: "/api/orders/12/reject", body: { reason: "Out of season" } });
  });
  it("offers no Approve on the approver's own order, only Reject", async () => {
    renderWithApp(
      <Decision order={order} approver="Amani Director" mayGiveCredit ownOrder onDone={() => {}} />,
    );
    expect(screen.getByTestId("own-order").textContent).toMatch(/another approver must approve it/);
    expect(screen.queryByRole("button", { name: "Approve Order" })).toBeNull();
    expect(screen.getByRole("button", { name: "Reject Order" }).textContent).toBe("Reject Order");
  });
});
