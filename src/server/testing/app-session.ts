import { afterAll, beforeAll } from "vitest";
import { createTestApp, type TestApp } from "./test-app";

/**
 * The test file's app (createTestApp), made before its tests and closed after them: `withTestApp()` registers
 * both hooks in the calling file, and `t` is a live binding, set once they have run.
 */
export let t: TestApp;
export function withTestApp(options?: Parameters<typeof createTestApp>[0]): void {
  beforeAll(async () => {
    t = await createTestApp(options);
  });
  afterAll(() => t?.close());
}
