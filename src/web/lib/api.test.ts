import { describe, expect, it } from "vitest";
import { t, withTestApp } from "../../server/testing/app-session";
import { ApiError, apiErrorFields, apiErrorMessage, apiJson, errorStatus, getQueryFn } from "./api";

// The web's API client against the real server over HTTP.
withTestApp({ seed: false, listen: true });

async function failure(run: () => Promise<unknown>): Promise<ApiError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error("expected the call to fail");
}

describe("API errors in the web app", () => {
  it("are typed: status, code, the server's message and per-field messages", async () => {
    const error = await failure(() => apiJson("POST", `${t.baseUrl}/api/client-login`, { email: "" }));
    expect(error.status).toBe(400);
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(Object.keys(apiErrorFields(error))).toEqual(expect.arrayContaining(["email", "password"]));
    expect(errorStatus(error)).toBe(400);
    expect(apiErrorMessage(error)).toBe(error.body?.message);
    // SPEC section 8: the message is the status, a colon and a space, then the body text.
    expect(error.message).toMatch(/^400: \{"error":/);
  });

  it("keep the status when the body is not the API's shape", async () => {
    const error = await failure(() =>
      apiJson("POST", `${t.baseUrl}/mpesa-sim/mpesa/stkpush/v1/processrequest`, {}),
    );
    expect(error.status).toBe(401);
    expect(error.code).toBeUndefined();
    expect(apiErrorMessage(error)).toBeUndefined();
    expect(apiErrorFields(error)).toEqual({});
  });

  it("let a reader answer null on 401 instead of throwing", async () => {
    const read = getQueryFn<unknown>({ on401: "returnNull" });
    expect(await read({ queryKey: [`${t.baseUrl}/api/auth/me`] })).toBeNull();
    const strict = getQueryFn<unknown>({ on401: "throw" });
    expect((await failure(() => strict({ queryKey: [`${t.baseUrl}/api/auth/me`] }))).code).toBe(
      "UNAUTHORIZED",
    );
  });

  it("are not ApiErrors when the network itself fails", () => {
    expect(errorStatus(new TypeError("Failed to fetch"))).toBeUndefined();
    expect(apiErrorFields(new TypeError("Failed to fetch"))).toEqual({});
  });
});
