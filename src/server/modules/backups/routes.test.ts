import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { t, withTestApp } from "../../testing/app-session";
import { asUser, loginAs, staffEmails } from "../../testing/test-app";
import { readManifest } from "./archive";

withTestApp();
let director: ReturnType<typeof asUser>;
let sales: ReturnType<typeof asUser>;
beforeAll(async () => {
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
  sales = asUser(t.app, await loginAs(t.app, staffEmails.sales_manager));
});

async function waitFor(id: number) {
  for (let i = 0; i < 200; i++) {
    const [row] = (await director.get("/api/backups")).json().filter((b: { id: number }) => b.id === id);
    if (row.status !== "running") return row;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("backup never finished");
}

describe("the Directors' backups", () => {
  it("are for Directors only", async () => {
    for (const url of ["/api/backups", "/api/backups/schedule", "/api/backups/1/download"]) {
      expect((await sales.get(url)).statusCode).toBe(403);
    }
    expect((await sales.post("/api/backups", {})).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/backups" })).statusCode).toBe(401);
  });

  it("start a backup now, list it once made, and send its file", async () => {
    const started = await director.post("/api/backups", {});
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ status: "running", trigger: "manual", fileName: null });
    // One at a time: another asked for while it runs is refused.
    const again = await director.post("/api/backups", {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("A backup is already being made. Please wait for it to finish.");

    const made = await waitFor(started.json().id);
    expect(made).toMatchObject({ status: "ok", downloadable: true, offsite: "off", encrypted: false });
    const list = await director.get("/api/backups?limit=1");
    expect(list.headers["x-total-count"]).toBe("1");

    const file = await director.get(`/api/backups/${made.id}/download`);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toBe(`attachment; filename="${made.fileName}"`);
    expect(file.rawPayload.length).toBe(made.bytes);
    // What was sent is the backup itself: its manifest reads.
    const copy = path.join(mkdtempSync(path.join(tmpdir(), "urithi-download-")), made.fileName);
    writeFileSync(copy, file.rawPayload);
    expect((await readManifest(copy)).payload.sha256).toBe(made.sha256);

    const schedule = (await director.get("/api/backups/schedule")).json();
    expect(schedule).toMatchObject({
      intervalHours: 0,
      keep: 28,
      encrypted: false,
      offsite: false,
      overdue: false,
    });
    expect(schedule.lastOkAt).toBe(made.startedAt);
    expect((await director.get("/api/backups/99999/download")).statusCode).toBe(404);
  });
});
