import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("config", () => {
  it("has working defaults", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 5000,
      host: "0.0.0.0",
      dataDir: "./data",
      demoMode: true,
      secureCookies: false,
    });
    expect(c.databaseUrl).toBeUndefined();
  });

  it("turns demo mode off in production unless DEMO_MODE=true", () => {
    expect(loadConfig({ NODE_ENV: "production" })).toMatchObject({ demoMode: false, secureCookies: true });
    expect(loadConfig({ NODE_ENV: "production", DEMO_MODE: "true" }).demoMode).toBe(true);
    expect(loadConfig({ DEMO_MODE: "false" }).demoMode).toBe(false);
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ DEMO_MODE: "maybe" }, "DEMO_MODE"],
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
    [{ ADMIN_EMAIL: "boss@urithi.co.ke" }, "ADMIN_EMAIL"],
  ])("stops on a bad value with one line naming the variable: %o", (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (e) {
      const message = (e as Error).message;
      expect(message.startsWith(`Invalid configuration: ${name} `)).toBe(true);
      expect(message).not.toContain("\n");
    }
  });
});
