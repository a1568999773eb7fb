import { describe, expect, it } from "vitest";
import { t, withTestApp } from "../../testing/app-session";
import { countStatements, notRateLimit } from "../../testing/statements";
import { asUser, loginAs, secondInstance, staffEmails } from "../../testing/test-app";
import { SESSION_CACHE_MS } from "./session-cache";

withTestApp();

describe("the session cache", () => {
  it("looks a session up once in a few seconds, then again once they have passed", async () => {
    const director = asUser(t.app, await loginAs(t.app, staffEmails.director));
    expect((await director.get("/api/auth/me")).statusCode).toBe(200);
    // /api/auth/me reads nothing but the session (its rate-limit counts are rate-limit.test.ts's business).
    const me = () => countStatements(() => director.get("/api/auth/me"), notRateLimit);
    expect(await me()).toBe(0);
    t.clock.advance(SESSION_CACHE_MS);
    expect(await me()).toBe(1);
  });

  it("forgets a session signed out here at once, and one signed out elsewhere within its few seconds", async () => {
    const here = asUser(t.app, await loginAs(t.app, staffEmails.sales_manager));
    expect((await here.get("/api/auth/me")).statusCode).toBe(200);
    expect((await here.post("/api/auth/logout", {})).statusCode).toBe(200);
    expect((await here.get("/api/auth/me")).statusCode).toBe(401);

    const other = await secondInstance(t);
    try {
      const cookie = await loginAs(t.app, staffEmails.sales_manager);
      const onOther = asUser(other.app, cookie);
      expect((await onOther.get("/api/auth/me")).statusCode).toBe(200);
      expect((await asUser(t.app, cookie).post("/api/auth/logout", {})).statusCode).toBe(200);
      t.clock.advance(SESSION_CACHE_MS);
      expect((await onOther.get("/api/auth/me")).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it("forgets sessions another device ends, so they are out at once", async () => {
    const email = staffEmails.chief_scientist;
    const phone = asUser(t.app, await loginAs(t.app, email));
    const laptop = asUser(t.app, await loginAs(t.app, email));
    expect((await phone.get("/api/auth/me")).statusCode).toBe(200);
    const ended = await laptop.post("/api/auth/sessions/end-others", {});
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await phone.get("/api/auth/me")).statusCode).toBe(401);
    expect((await laptop.get("/api/auth/me")).statusCode).toBe(200);
  });
});
