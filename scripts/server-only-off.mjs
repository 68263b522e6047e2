// Lets Node and tsx run the server modules outside Next (the dev entry, seed and bench scripts, child processes of
// tests). Every server module imports `server-only`, which throws unless resolved with the react-server condition
// that only Next's server bundles use; here it resolves to the package's own empty module, as Next's would.
// Use: node --import ./scripts/server-only-off.mjs … (or tsx --import ./scripts/server-only-off.mjs …).
import module from "node:module";

const EMPTY = new URL("../node_modules/server-only/empty.js", import.meta.url).href;

module.registerHooks({
  resolve: (specifier, context, nextResolve) =>
    specifier === "server-only" ? { url: EMPTY, format: "commonjs", shortCircuit: true } : nextResolve(specifier, context),
});
