// Tells whether the production build matches the sources, by a fingerprint of their paths, sizes and times.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const SOURCES = ["app", "components", "lib", "server", "messages", "i18n", "public", "proxy.ts", "next.config.ts", "package.json", "postcss.config.mjs", "tsconfig.json"];
const STAMP = ".next/maia-build-stamp";

function walk(entry, out) {
  if (!fs.existsSync(entry)) return;
  const stat = fs.statSync(entry);
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(entry).sort()) walk(path.join(entry, name), out);
  } else {
    out.push(`${entry}:${stat.size}:${Math.floor(stat.mtimeMs)}`);
  }
}

export function sourceFingerprint() {
  const files = [];
  for (const source of SOURCES) walk(source, files);
  return createHash("sha256").update(files.join("\n")).digest("hex");
}

export function isBuildCurrent() {
  if (!fs.existsSync(".next/BUILD_ID") || !fs.existsSync("dist/server.mjs") || !fs.existsSync(STAMP)) return false;
  return fs.readFileSync(STAMP, "utf8") === sourceFingerprint();
}

export function stampBuild() {
  fs.writeFileSync(STAMP, sourceFingerprint());
}
