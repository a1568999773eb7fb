import { describe, expect, it } from "vitest";
import { t, withTestApp } from "../testing/app-session";
import { addUser, asUser, createTestApp, loginAs, loginClient, type TestApp } from "../testing/test-app";

withTestApp({ seed: false });

const documentedOperations = (doc: { paths: Record<string, Record<string, unknown>> }) =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
  );

/** Every /api route the app registered, as "METHOD /path/{param}", read off Fastify's route tree. */
function registeredOperations(app: TestApp["app"]): string[] {
  const ops: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join("").replace(/:(\w+)/g, "{$1}");
    if (
      !match[3] ||
      !path.startsWith("/api/") ||
      path.startsWith("/api/docs") ||
      path === "/api/openapi.json"
    ) {
      continue;
    }
    for (const method of match[3].split(", ")) if (method !== "HEAD") ops.push(`${method} ${path}`);
  }
  return ops.sort();
}

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 and describes every /api operation, each saying who may call it", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe("3.1.0");
    const registered = registeredOperations(t.app);
    expect(registered.length).toBeGreaterThan(60);
    expect(documentedOperations(doc).sort()).toEqual(registered);
    for (const methods of Object.values(doc.paths) as Record<string, { description?: string }>[]) {
      for (const op of Object.values(methods)) expect(op.description).toMatch(/^Who: /);
    }
    const order = doc.paths["/api/client/orders"].post.requestBody.content["application/json"].schema;
    expect(order.properties).toHaveProperty("items");
  });

  it("serves the browsable reference at /api/docs", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("swagger-ui-bundle.js");
  });
});

describe("in production", () => {
  it("keeps the reference and the document behind a staff sign-in", async () => {
    const prod = await createTestApp({ env: { NODE_ENV: "production" }, seed: false });
    try {
      await addUser(prod.database, {
        email: "ops@urithi.co.ke",
        password: "Straw-Canister-77",
        role: "lab_technician",
      });
      await addUser(prod.database, {
        email: "farmer@example.com",
        password: "Straw-Canister-77",
        role: "client",
      });
      for (const url of ["/api/openapi.json", "/api/docs"]) {
        expect((await prod.app.inject({ method: "GET", url })).statusCode, url).toBe(401);
      }
      const client = asUser(prod.app, await loginClient(prod.app, "farmer@example.com", "Straw-Canister-77"));
      expect((await client.get("/api/openapi.json")).statusCode).toBe(403);
      const staff = asUser(prod.app, await loginAs(prod.app, "ops@urithi.co.ke", "Straw-Canister-77"));
      expect((await staff.get("/api/openapi.json")).statusCode).toBe(200);
      expect((await staff.get("/api/docs")).statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });
});
