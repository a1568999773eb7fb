import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ShopProduct } from "../../../contract/client";
import { type Call, fakeNetwork, renderWithApp } from "../../testing/render";
import { CartLines } from "./cart-lines";
import { addToCart, clearCart, useCart } from "./cart-store";
import { CheckoutForm } from "./checkout-form";

const straw: ShopProduct = {
  id: 7,
  name: "Friesian sexed semen",
  type: "sperm",
  breed: "Friesian",
  price: 4_500,
  currency: "KES",
  description: "",
  features: [],
  inStock: 3,
  regionSuitability: [],
  category: "dairy",
  origin: "Kenya",
  itemId: "SEM-FR-001",
} as unknown as ShopProduct;

const client = {
  user: { id: 9, email: "wanjiru@example.co.ke", firstName: "Wanjiru", lastName: "Kamau", role: "client" },
};

function answer(orderStatus = 201) {
  return (call: Call) => {
    if (call.url.startsWith("/api/auth/me")) return { status: 200, json: client };
    if (call.url === "/api/client/orders" && call.method === "POST") {
      return orderStatus === 201
        ? { status: 201, json: { id: 41, orderNumber: "ORD-2026-000041" } }
        : {
            status: orderStatus,
            json: { error: { code: "CONFLICT", message: "Only 2 left of SEM-FR-001" } },
          };
    }
    return { status: 404, json: { error: { code: "NOT_FOUND", message: "no" } } };
  };
}

function Cart({ onPlaced }: { onPlaced: (o: { id: number; orderNumber: string }) => void }) {
  const cart = useCart();
  return <CheckoutForm variant="cart" items={<CartLines cart={cart} />} onPlaced={onPlaced} />;
}

beforeEach(() => clearCart());

describe("the cart", () => {
  it("caps a line at the stock and drops it at 0", async () => {
    fakeNetwork(answer());
    addToCart(straw);
    renderWithApp(<Cart onPlaced={() => {}} />);
    const increase = screen.getByRole("button", { name: `Increase ${straw.name}` });
    await userEvent.click(increase);
    await userEvent.click(increase);
    expect(screen.getByLabelText(`Quantity of ${straw.name}`)).toHaveProperty("value", "3");
    expect(increase).toHaveProperty("disabled", true);
    expect(screen.getByTestId("cart-total").textContent).toBe("KSh 13,500");
    await userEvent.click(screen.getByRole("button", { name: `Remove ${straw.name}` }));
    expect(screen.queryByTestId("cart-item")).toBeNull();
  });
});

describe("the checkout form", () => {
  it("checks the address with the contract's message, under the field, before asking the server", async () => {
    const calls = fakeNetwork(answer());
    addToCart(straw);
    renderWithApp(<Cart onPlaced={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: "Place Order" }));
    const address = screen.getByLabelText("Delivery address *");
    await waitFor(() => expect(address.getAttribute("aria-invalid")).toBe("true"));
    const message = document.getElementById(address.getAttribute("aria-describedby") ?? "");
    expect(message?.textContent).toBe("Please provide a delivery address");
    expect(
      within(screen.getByTestId("toast")).queryByText("Please provide a delivery address"),
    ).not.toBeNull();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("refuses a delivery date before today", async () => {
    fakeNetwork(answer());
    addToCart(straw);
    renderWithApp(<Cart onPlaced={() => {}} />);
    await userEvent.type(screen.getByLabelText("Delivery address *"), "Limuru, Kiambu");
    await userEvent.type(screen.getByLabelText("Preferred delivery date"), "2020-01-01");
    await userEvent.click(screen.getByRole("button", { name: "Place Order" }));
    await screen.findAllByText("Delivery date cannot be before today");
  });

  it("places the order with the cart's lines, empties the cart and hands over the order number", async () => {
    const calls = fakeNetwork(answer());
    addToCart(straw);
    addToCart(straw);
    const placed = vi.fn();
    renderWithApp(<Cart onPlaced={placed} />);
    await userEvent.type(screen.getByLabelText("Delivery address *"), "Limuru, Kiambu");
    await userEvent.click(screen.getByLabelText(/Bank Transfer/));
    await userEvent.click(screen.getByRole("button", { name: "Place Order" }));
    await waitFor(() => expect(placed).toHaveBeenCalledWith({ id: 41, orderNumber: "ORD-2026-000041" }));
    const post = calls.find((c) => c.method === "POST");
    expect(post?.body).toEqual({
      items: [{ id: 7, quantity: 2 }],
      deliveryAddress: "Limuru, Kiambu",
      paymentMethod: "bank",
      currency: "KES",
    });
    expect(localStorage.getItem("urithi:cart")).toBe("[]");
  });

  it("in the portal asks for the contact details with SPEC's Missing Information toast", async () => {
    fakeNetwork(answer());
    addToCart(straw);
    renderWithApp(<CheckoutForm variant="portal" onPlaced={() => {}} />);
    await waitFor(() =>
      expect(screen.getByLabelText("Full Name *")).toHaveProperty("value", "Wanjiru Kamau"),
    );
    await userEvent.click(screen.getByRole("button", { name: "Place Order" }));
    const toast = await screen.findByTestId("toast");
    expect(toast.textContent).toContain("Missing Information");
    expect(toast.textContent).toContain("Please fill in all required fields.");
    expect(screen.queryByText("Phone number is required")).not.toBeNull();
    expect(screen.queryByText("Farm location is required")).not.toBeNull();
  });

  it("says what the server refused in the portal's words", async () => {
    fakeNetwork(answer(409));
    addToCart(straw);
    renderWithApp(<CheckoutForm variant="portal" onPlaced={() => {}} />);
    await waitFor(() =>
      expect(screen.getByLabelText("Full Name *")).toHaveProperty("value", "Wanjiru Kamau"),
    );
    await userEvent.type(screen.getByLabelText("Phone Number *"), "+254 711 000 111");
    await userEvent.type(screen.getByLabelText("Farm Location *"), "Nyeri");
    await userEvent.click(screen.getByRole("button", { name: "Place Order" }));
    const toast = await screen.findByTestId("toast");
    await waitFor(() => expect(toast.textContent).toContain("Order Failed"));
    expect(toast.textContent).toContain("Only 2 left of SEM-FR-001");
  });
});
