import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { activate } from "../lib/i18n/i18n";

// Screens under test read English, as a first visit from an English browser does.
await activate("en");

afterEach(() => {
  cleanup();
  localStorage.clear();
});
