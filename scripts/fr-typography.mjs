// French typography for messages/fr.json: a narrow no-break space (U+202F) before : ; ! ? and one apostrophe, ’.
//   node scripts/fr-typography.mjs           rewrites messages/fr.json (under add-messages.mjs's lock)
//   node scripts/fr-typography.mjs --check   lists the messages it would change, exits 1 if any
// Idempotent: run it again after merging branches that add French messages. The assistant's texts (assistant.*) take
// it too: they name the console's pages and states beside them.
import fs from "node:fs";
import { pathToFileURL } from "node:url";
import { withMessagesLock } from "./messages-lock.mjs";

export const NARROW_NO_BREAK_SPACE = "\u202f";

/**
 * The text with French typography. Only what is unambiguous prose is touched: an apostrophe between two letters
 * (never an ICU quote, which sits before { } # |), a space or no-break space before : ; ! ? (not an ICU skeleton's ::),
 * and : ; ! ? glued to a word and followed by a space or the end (so 10:30, 2026-12-01T02:00:00Z and URLs stay).
 */
export function frenchTypography(text) {
  return text
    .replace(/(?<=\p{L})'(?=\p{L})/gu, "’")
    .replace(/[ \u00a0]+(?=[;!?]|:(?!:))/g, NARROW_NO_BREAK_SPACE)
    .replace(/(?<=[\p{L}\d)»}])([:;!?]+)(?=\s|$)/gu, `${NARROW_NO_BREAK_SPACE}$1`);
}

/** A catalogue with every message in French typography; the count of messages changed. */
export function typesetCatalogue(catalogue) {
  let changed = 0;
  const out = {};
  for (const [key, value] of Object.entries(catalogue)) {
    if (value && typeof value === "object") {
      const [nested, count] = typesetCatalogue(value);
      out[key] = nested;
      changed += count;
    } else if (typeof value === "string") {
      out[key] = frenchTypography(value);
      if (out[key] !== value) changed++;
    } else out[key] = value;
  }
  return [out, changed];
}

async function main() {
  const file = "messages/fr.json";
  if (process.argv.includes("--check")) {
    const [, changed] = typesetCatalogue(JSON.parse(fs.readFileSync(file, "utf8")));
    console.log(changed ? `${changed} French messages need typography: run node scripts/fr-typography.mjs` : "French typography: clean");
    process.exit(changed ? 1 : 0);
  }
  await withMessagesLock(() => {
    const [catalogue, changed] = typesetCatalogue(JSON.parse(fs.readFileSync(file, "utf8")));
    fs.writeFileSync(file, `${JSON.stringify(catalogue, null, 2)}\n`);
    console.log(`French typography: ${changed} messages changed`);
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
