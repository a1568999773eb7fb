import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { configVariables } from "./config";
import { fromProjectRoot } from "./paths";

/**
 * deploy/ cannot be run here (no container engine), so its files are checked against the app they deploy:
 * every variable they set is one the app reads, and what the system tests prove of the Caddyfile and the
 * shutdown holds for the container and the unit too.
 */
const read = (file: string) => readFileSync(fromProjectRoot("deploy", file), "utf8");
const known = new Set(configVariables);

describe("the deployment files", () => {
  it("compose: PostgreSQL, two app instances on it behind Caddy, backups on a shared volume", () => {
    const compose = parse(read("compose.yaml"));
    expect(Object.keys(compose.services).sort()).toEqual(["app1", "app2", "caddy", "db"]);
    for (const name of ["app1", "app2"]) {
      const app = compose.services[name];
      for (const variable of Object.keys(app.environment)) expect(known, variable).toContain(variable);
      expect(app.environment.DATABASE_URL).toMatch(/@db:5432\//);
      expect(app.environment).toHaveProperty("TRUST_PROXY");
      expect(Number(app.environment.DRAIN_SECONDS)).toBeGreaterThan(0);
      expect(app.volumes).toContain("backups:/backups");
      expect(app.depends_on.db.condition).toBe("service_healthy");
    }
    expect(compose.services.caddy.volumes).toContain("./Caddyfile:/etc/caddy/Caddyfile:ro");
    expect(compose.services.caddy.environment.UPSTREAMS).toBe("app1:5000 app2:5000");
  });

  it("env.example names only the app's variables and compose's own", () => {
    const names = read("env.example")
      .split("\n")
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => line.split("=")[0]!);
    for (const name of names) expect([...known, "DOMAIN", "POSTGRES_PASSWORD"], name).toContain(name);
  });

  it("Dockerfile: a runtime stage without dev dependencies, as an unprivileged user, checked for liveness", () => {
    const dockerfile = read("Dockerfile");
    const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
    expect(runtime).toContain("npm ci --omit=dev");
    expect(runtime).toContain("USER node");
    expect(runtime).toMatch(/HEALTHCHECK[\s\S]*\/api\/health\/live/);
    expect(runtime).toContain("COPY drizzle ./drizzle");
    // The same Node flags as npm start, its small young generation included (decision 37).
    expect(runtime).toContain('CMD ["node", "--max-semi-space-size=4", "dist/server/main.js"]');
    const env = /^ENV (.+)$/m
      .exec(runtime)![1]!
      .split(" ")
      .map((pair) => pair.split("=")[0]!);
    for (const variable of env) expect(known, variable).toContain(variable);
  });

  it("systemd unit: the app's variables, SIGTERM, and time to drain before it is killed", () => {
    const unit = read("urithi.service");
    const env = /^Environment=(.+)$/m
      .exec(unit)![1]!
      .split(" ")
      .map((pair) => pair.split("=")[0]!);
    for (const variable of env) expect(known, variable).toContain(variable);
    expect(unit).toContain("KillSignal=SIGTERM");
    const drain = Number(/DRAIN_SECONDS=(\d+)/.exec(unit)![1]);
    expect(Number(/TimeoutStopSec=(\d+)/.exec(unit)![1])).toBeGreaterThan(drain + 30);
    expect(unit).toContain("ExecStart=/usr/bin/node --max-semi-space-size=4 dist/server/main.js");
  });

  it("Caddyfile: balances on readiness and keeps /metrics off the internet", () => {
    const caddyfile = read("Caddyfile");
    expect(caddyfile).toContain("health_uri /api/health/ready");
    expect(caddyfile).toMatch(/@metrics path \/metrics\s+respond @metrics 404/);
    expect(caddyfile).toContain("lb_policy least_conn");
  });
});
