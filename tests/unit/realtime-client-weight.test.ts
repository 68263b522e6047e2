import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The realtime client, its contract and the registry's binding load with the shell, on pages that otherwise carry no
// zod: one value import of a schema module from them adds about 40 KiB gzipped to every page. The areas' effects
// (which reach every area's query keys) load later, when the connection asks for them.

const ROOT = path.resolve(import.meta.dirname, "../..");
const VALUE_IMPORT = /^import\s+(?!type\s)[^;]*?from\s+"([^"]+)"/gm;

function resolve(specifier: string, from: string): string | null {
  if (!specifier.startsWith("@/") && !specifier.startsWith(".")) return specifier;
  const base = specifier.startsWith("@/") ? path.join(ROOT, specifier.slice(2)) : path.resolve(path.dirname(from), specifier);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) if (fs.existsSync(candidate)) return candidate;
  return null;
}

/** Every module reached through value imports (type-only imports are erased), packages by name. */
function reached(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!file.startsWith(ROOT)) return;
    for (const [, specifier] of fs.readFileSync(file, "utf8").matchAll(VALUE_IMPORT)) {
      const target = resolve(specifier, file);
      if (target) visit(target);
    }
  };
  visit(path.join(ROOT, entry));
  return seen;
}

describe("the realtime modules' weight in the browser", () => {
  it.each(["lib/realtime-client.ts", "lib/realtime-contract.ts", "lib/realtime-registry.ts", "components/realtime/realtime-connection.tsx"])(
    "%s reaches no zod",
    (entry) => {
      const modules = reached(entry);
      expect(modules.size).toBeGreaterThan(1);
      expect([...modules].filter((module) => module === "zod" || module.startsWith("zod/"))).toEqual([]);
    },
  );

  it("leaves the areas' effects out of the shell's first load", () => {
    const modules = [...reached("components/realtime/realtime-connection.tsx")].map((module) => path.relative(ROOT, module));
    expect(modules).toContain("lib/realtime-registry.ts");
    expect(modules.filter((module) => module === "lib/realtime-areas.ts" || /^lib\/[a-z-]+\/realtime\.ts$/.test(module))).toEqual([]);
    expect(fs.readFileSync(path.join(ROOT, "components/realtime/use-realtime.ts"), "utf8")).toContain('import("@/lib/realtime-areas")');
  });

  it("would see zod behind a query-key factory that imports a schema", () => {
    expect(reached("lib/events/queries.ts").has("zod")).toBe(true);
  });
});
