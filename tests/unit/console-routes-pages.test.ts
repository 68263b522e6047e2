import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONSOLE_ROUTES } from "@/lib/routes";

// Every route of the table (SPEC §2) has a page of its own under app/organization/[organizationId]: the catch-all
// page only redirects unknown paths to /, so a route without its page would send its users home.

const ROOT = path.resolve(import.meta.dirname, "../..");
const BASE = path.join(ROOT, "app/organization/[organizationId]");

const pageOf = (pattern: string) =>
  path.join(BASE, ...pattern.split("/").filter(Boolean).map((part) => (part.startsWith(":") ? `[${part.slice(1)}]` : part)), "page.tsx");

describe("the console routes", () => {
  it("each have their own page", () => {
    const missing = CONSOLE_ROUTES.map((route) => route.pattern).filter((pattern) => !fs.existsSync(pageOf(pattern)));
    expect(missing).toEqual([]);
    expect(CONSOLE_ROUTES.length).toBeGreaterThan(40);
  });
});
