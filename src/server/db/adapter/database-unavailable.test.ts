import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./errors";

const withCause = (cause: unknown) =>
  Object.assign(new Error("Failed query: insert into orders …"), { cause });

describe("isDatabaseUnavailable", () => {
  it("knows a server that went away, is starting or shutting down, or cannot be reached", () => {
    for (const error of [
      Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
      Object.assign(new Error("the database system is starting up"), { code: "57P03" }),
      Object.assign(new Error("connection failure"), { code: "08006" }),
      Object.assign(new Error("sorry, too many clients already"), { code: "53300" }),
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      Object.assign(new Error("write EPIPE"), { code: "EPIPE" }),
      new Error("Connection terminated unexpectedly"),
      new Error("Client has encountered a connection error and is not queryable"),
      new Error("timeout exceeded when trying to connect"),
      withCause(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" })),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
    }
  });

  it("leaves a refused statement to the caller", () => {
    for (const error of [
      Object.assign(new Error("duplicate key"), { code: "23505" }),
      Object.assign(new Error("deadlock detected"), { code: "40P01" }),
      withCause(Object.assign(new Error("syntax error"), { code: "42601" })),
      new Error("Something else"),
      null,
      "a string",
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});
