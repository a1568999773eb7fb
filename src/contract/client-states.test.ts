import { describe, expect, it } from "vitest";
import { type ClientOrderState, clientOrderState, clientOrderStates, trackingUrl } from "./client-states";
import { orderStatuses, paymentStatuses } from "./order-states";
import { shipmentStatuses } from "./shipping";

describe("what a farmer is told about an order", () => {
  it("reads every staff state as one client state", () => {
    const seen = new Set<ClientOrderState>();
    for (const status of orderStatuses)
      for (const shipmentStatus of [null, ...shipmentStatuses])
        for (const paymentStatus of paymentStatuses) {
          const state = clientOrderState({ status, shipmentStatus, paymentStatus });
          expect(clientOrderStates, `${status}/${shipmentStatus}/${paymentStatus}`).toContain(state);
          seen.add(state);
        }
    // Every client state is reachable: none is worded for nothing.
    expect([...seen].sort()).toEqual([...clientOrderStates].sort());
  });

  it("says the order's own status until it ships, then the shipment's word", () => {
    const state = (
      status: (typeof orderStatuses)[number],
      shipment: (typeof shipmentStatuses)[number] | null,
    ) => clientOrderState({ status, shipmentStatus: shipment, paymentStatus: "paid" });
    expect(state("pending", null)).toBe("pending");
    expect(state("approved", "preparing")).toBe("approved");
    expect(state("processing", "preparing")).toBe("processing");
    expect(state("shipped", "shipped")).toBe("shipped");
    expect(state("shipped", "in_transit")).toBe("in_transit");
    expect(state("shipped", "delayed")).toBe("delayed");
    expect(state("processing", "delayed")).toBe("delayed");
    expect(state("delivered", "delivered")).toBe("delivered");
    expect(state("rejected", null)).toBe("rejected");
    expect(state("cancelled", "cancelled")).toBe("cancelled");
  });

  it("says a refund above everything else, since the money is what the farmer waits for", () => {
    for (const status of orderStatuses)
      expect(clientOrderState({ status, shipmentStatus: null, paymentStatus: "refunded" })).toBe("refunded");
  });

  it("links a tracking number to the carrier's page where the carrier has one", () => {
    expect(trackingUrl("DHL Express", "TRK 1/2")).toBe(
      "https://www.dhl.com/ke-en/home/tracking/tracking-express.html?submit=1&tracking-id=TRK%201%2F2",
    );
    expect(trackingUrl("FedEx", "77")).toBe("https://www.fedex.com/fedextrack/?trknbr=77");
    expect(trackingUrl("Local Courier", "LC-1")).toBeNull();
    expect(trackingUrl("DHL Express", null)).toBeNull();
    expect(trackingUrl(null, "X")).toBeNull();
  });
});
