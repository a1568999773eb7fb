import { ResponseSerializationError } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { orderSchema } from "../../contract/orders";
import { responseSerializer } from "./response-serializer";

const serializerOf = (schema: z.ZodType) =>
  responseSerializer({ schema, method: "GET", url: "/api/test", httpStatus: "200" } as never);

/** What Zod's own serializer writes: the encoded copy, stringified. */
const byZod = (schema: z.ZodType, value: unknown) => JSON.stringify(z.encode(schema, value));

const order = {
  id: 7,
  orderNumber: 'ORD-2026-000007 "quoted" \u2028 \ud83d\udc04',
  customerId: null,
  customerName: "Wanjiru\nKamau\\",
  orderType: "sperm",
  status: "approved",
  source: "client",
  totalAmountKes: 12_500,
  totalAmountUsd: null,
  currency: "KES",
  orderDate: "2026-11-30T10:00:00.000Z",
  expectedDeliveryDate: null,
  notes: "",
  paymentStatus: "paid",
  amountPaidKes: 12_500,
  refundDueKes: 0,
  onCredit: false,
  discountPct: 5,
  discountOverLimit: true,
  holdExpiresAt: null,
};

const mixed = z.object({
  name: z.string(),
  email: z.email().nullable(),
  count: z.number().int().min(0),
  ratio: z.number(),
  tags: z.array(z.string()).min(1),
  grid: z.array(z.array(z.number().int())),
  when: z.date(),
  kind: z.union([z.literal("a"), z.object({ b: z.number() })]),
  extra: z.record(z.string(), z.number()).optional(),
  note: z.string().optional(),
  fixed: z.literal(3),
  loose: z.unknown(),
  nested: z.object({ ok: z.boolean(), at: z.iso.datetime().nullable() }).nullable(),
});

const mixedValue = {
  name: "Straw",
  email: "lab@urithi.co.ke",
  count: 0,
  ratio: -0.25,
  tags: ["a", "b"],
  grid: [[1, 2], [], [3]],
  when: new Date("2026-11-30T00:00:00Z"),
  kind: { b: 2, dropped: true },
  extra: { x: 1 },
  fixed: 3,
  loose: { anything: [1, "two"] },
  nested: { ok: true, at: null, hidden: "secret" },
  password: "never leaves",
};

describe("the response serializer", () => {
  it("writes what Zod's serializer writes, leaving out every field the schema does not name", () => {
    const list = z.array(orderSchema);
    const rows = [order, { ...order, id: 8, passwordHash: "x", customerId: 3, notes: null }];
    const text = serializerOf(list)(rows);
    expect(text).toBe(byZod(list, rows));
    expect(text).not.toContain("passwordHash");
    expect(JSON.parse(text)[0].orderNumber).toBe(order.orderNumber);

    expect(serializerOf(mixed)(mixedValue)).toBe(byZod(mixed, mixedValue));
    const without = {
      ...mixedValue,
      extra: undefined,
      note: "n",
      nested: null,
      loose: undefined,
      email: null,
    };
    expect(serializerOf(mixed)(without)).toBe(byZod(mixed, without));
    expect(serializerOf(mixed)(mixedValue)).not.toContain("secret");
    expect(serializerOf(z.array(z.string()))([])).toBe("[]");
    // Literals JSON cannot write as they are go to Zod, and compiling them does not throw.
    const odd = z.object({ big: z.literal(10n).optional(), none: z.literal(undefined), n: z.literal(null) });
    expect(serializerOf(odd)({ none: undefined, n: null })).toBe(byZod(odd, { none: undefined, n: null }));
  });

  it("writes an answer that fits its schema as JSON.stringify does, in the rows' own key order", () => {
    const list = z.array(orderSchema);
    // As a row is read: the derived field last, not where the schema names it.
    const { refundDueKes, ...rest } = order;
    const rows = [
      { ...rest, refundDueKes },
      { ...rest, id: 8, notes: null, refundDueKes: 500 },
    ];
    const text = serializerOf(list)(rows);
    expect(text).toBe(JSON.stringify(rows));
    expect(text).not.toBe(byZod(list, rows));
    expect(JSON.parse(text)).toEqual(JSON.parse(byZod(list, rows)));
    // A key the schema does not name, or one left undefined, is the writer's: in the schema's order, without it.
    for (const odd of [
      { ...rows[0], passwordHash: "x" },
      { ...rows[0], extra: undefined },
    ]) {
      expect(serializerOf(list)([rows[1], odd])).toBe(byZod(list, [rows[1], odd]));
    }
    // An instance is the writer's too: JSON.stringify would write what its class says (here its toJSON).
    const when = z.object({ at: z.string() });
    class At {
      at = "2026-11-30";
      toJSON() {
        return { at: "changed" };
      }
    }
    expect(serializerOf(when)(new At())).toBe('{"at":"2026-11-30"}');
  });

  it.each([
    ["a string for a number", { ...order, totalAmountKes: "12500" }],
    ["a fraction for a whole number", { ...order, totalAmountKes: 12.5 }],
    ["NaN", { ...order, discountPct: Number.NaN }],
    ["an infinite number", { ...order, discountPct: Number.POSITIVE_INFINITY }],
    ["a status the contract does not name", { ...order, status: "lost" }],
    ["null where the field is not nullable", { ...order, orderNumber: null }],
    ["a missing field", { ...order, onCredit: undefined }],
    ["a number for a boolean", { ...order, onCredit: 0 }],
  ])("fails an answer with %s as Zod's serializer does", (_, row) => {
    expect(() => serializerOf(z.array(orderSchema))([order, row])).toThrow(ResponseSerializationError);
  });

  it("fails a value that a check Zod keeps rejects", () => {
    expect(() => serializerOf(mixed)({ ...mixedValue, email: "not an email" })).toThrow(
      ResponseSerializationError,
    );
    expect(() => serializerOf(mixed)({ ...mixedValue, count: -1 })).toThrow(ResponseSerializationError);
    expect(() => serializerOf(mixed)({ ...mixedValue, tags: [] })).toThrow(ResponseSerializationError);
    expect(() => serializerOf(mixed)({ ...mixedValue, kind: "b" })).toThrow(ResponseSerializationError);
    expect(() => serializerOf(mixed)([mixedValue])).toThrow(ResponseSerializationError);
  });
});
