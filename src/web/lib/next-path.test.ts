import { describe, expect, it } from "vitest";
import { clientLoginThen, nextPath } from "./next-path";

describe("nextPath", () => {
  it("follows a path on this site, with its query", () => {
    expect(nextPath("?next=%2Fcart%3Fpay%3Dbank", "/shop")).toBe("/cart?pay=bank");
    expect(nextPath(new URL(`http://x${clientLoginThen("/cart?pay=card")}`).search, "/shop")).toBe(
      "/cart?pay=card",
    );
  });

  it("falls back when there is none, or it would leave the site", () => {
    for (const search of [
      "",
      "?next=",
      "?next=https://evil.example/",
      "?next=//evil.example/x",
      "?next=/\\evil.example",
      "?next=javascript:alert(1)",
    ]) {
      expect(nextPath(search, "/shop")).toBe("/shop");
    }
  });
});
