import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// What a page's first load carries into the browser (npm run bench:bundle measures it; this test says why it grew).
// - zod (about 37 KiB gzipped) and sonner (9 KiB, the toasts: fetched with the first one) reach no page: a page reads its constants from zod-free modules
//   (lib/<area>/constants.ts …), a form on a page's first load checks with a schema it imports on the first check
//   (useZodForm(() => import(…))), and dialogs load when used.
// - The realtime client, its contract and the registry's binding load with the shell; the areas' effects (which reach
//   every area's query keys) load later, when the connection asks for them.

const ROOT = path.resolve(import.meta.dirname, "../..");
// Value imports and re-exports; `import type` and `import { type A }` only are erased; import() is not a first load.
const VALUE_IMPORT = /^(?:import|export)\s+(?!type\s)([^;]*?)\s+from\s+"([^"]+)"|^import\s+"([^"]+)"/gms;
const CONVENTION_FILES = /^(page|layout|error|global-error|loading|template|not-found|default)\.tsx?$/;

function resolve(specifier: string, from: string): string | null {
  if (!specifier.startsWith("@/") && !specifier.startsWith(".")) return specifier;
  const base = specifier.startsWith("@/") ? path.join(ROOT, specifier.slice(2)) : path.resolve(path.dirname(from), specifier);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}

const sources = new Map<string, string>();
const source = (file: string) => sources.get(file) ?? sources.set(file, fs.readFileSync(file, "utf8")).get(file)!;
const isClient = (file: string) => /^\s*["']use client["']/.test(source(file));

function valueImports(file: string): string[] {
  const found: string[] = [];
  for (const [, what, from, bare] of source(file).matchAll(VALUE_IMPORT)) {
    const names = what?.trim() ?? "";
    const typesOnly = /^\{[^}]*\}$/s.test(names) && names.slice(1, -1).split(",").map((name) => name.trim()).filter(Boolean).every((name) => name.startsWith("type "));
    if (!typesOnly) found.push(from ?? bare);
  }
  return found;
}

/**
 * The modules the browser loads with an entry: from the first "use client" module on, every value import; packages
 * by name. With `chain`, how each was reached.
 */
function reachedInBrowser(entry: string, startsInBrowser = false): Map<string, string | null> {
  const parents = new Map<string, string | null>();
  const seen = new Set<string>();
  const stack: [string, boolean, string | null][] = [[path.join(ROOT, entry), startsInBrowser, null]];
  while (stack.length) {
    const [file, inBrowser, parent] = stack.pop()!;
    const browser = inBrowser || (file.startsWith(ROOT) && isClient(file));
    const key = `${file}|${browser}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (browser && !parents.has(file)) parents.set(file, parent);
    if (!file.startsWith(ROOT)) continue;
    for (const specifier of valueImports(file)) {
      const target = resolve(specifier, file);
      if (target) stack.push([target, browser, file]);
    }
  }
  return parents;
}

function chainTo(parents: Map<string, string | null>, module: string): string {
  const chain = [module];
  for (let at = parents.get(module); at; at = parents.get(at)) chain.push(path.relative(ROOT, at));
  return chain.join(" <- ");
}

function conventionFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return conventionFiles(full);
    return CONVENTION_FILES.test(entry.name) ? [path.relative(ROOT, full)] : [];
  });
}

const LOADED_WHEN_USED = ["zod", "@hookform/resolvers", "sonner"];
const isZod = (module: string) => LOADED_WHEN_USED.some((name) => module === name || module.startsWith(`${name}/`));
const zodChains = (parents: Map<string, string | null>) => [...parents.keys()].filter(isZod).map((module) => chainTo(parents, module));

describe("a page's first load in the browser", () => {
  const pages = conventionFiles(path.join(ROOT, "app"));

  it("finds the app's pages and layouts", () => {
    expect(pages).toContain("app/layout.tsx");
    expect(pages).toContain("app/organization/[organizationId]/user/invitations/page.tsx");
    expect(pages.length).toBeGreaterThan(50);
  });

  it.each(pages)("%s reaches no zod or sonner", (page) => {
    expect(zodChains(reachedInBrowser(page))).toEqual([]);
  });

  it("would see zod behind a module that imports a schema, and not behind an import()", () => {
    // lib/inventory/queries.ts imports the device schema: a page importing it would carry zod.
    expect(zodChains(reachedInBrowser("lib/inventory/schema.ts", true))).not.toEqual([]);
    // The settings form checks with a schema it imports on the first check.
    expect(source(path.join(ROOT, "components/settings/user-settings-form.tsx"))).toContain('import("@/lib/users/schema")');
    expect(zodChains(reachedInBrowser("components/settings/user-settings-form.tsx"))).toEqual([]);
  });
});

describe("the realtime modules' weight in the browser", () => {
  it.each(["lib/realtime-client.ts", "lib/realtime-contract.ts", "lib/realtime-registry.ts", "components/realtime/realtime-connection.tsx"])(
    "%s reaches no zod",
    (entry) => {
      const modules = reachedInBrowser(entry, true);
      expect(modules.size).toBeGreaterThan(1);
      expect(zodChains(modules)).toEqual([]);
    },
  );

  it("leaves the areas' effects out of the shell's first load", () => {
    const modules = [...reachedInBrowser("components/realtime/realtime-connection.tsx", true).keys()].map((module) => path.relative(ROOT, module));
    expect(modules).toContain("lib/realtime-registry.ts");
    expect(modules.filter((module) => module === "lib/realtime-areas.ts" || /^lib\/[a-z-]+\/realtime\.ts$/.test(module))).toEqual([]);
    expect(source(path.join(ROOT, "components/realtime/use-realtime.ts"))).toContain('import("@/lib/realtime-areas")');
  });
});
