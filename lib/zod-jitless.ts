// In the browser zod compiles its object parsers with `new Function` unless told not to, and its probe for that trips
// the page's Content-Security-Policy (no 'unsafe-eval'), which the browser reports as a violation even though zod
// catches it. zod keeps its settings on globalThis.__zod_globalConfig (zod/v4/core/core.js), which it adopts when it
// loads and reads at each parse: set here, by the client providers, before any of zod is loaded — without importing
// zod, which no page's first load carries (tests/unit/first-load-weight.test.ts). The server keeps the compiled parsers.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
if (typeof window !== "undefined") (holder.__zod_globalConfig ??= {}).jitless = true;

export {};
