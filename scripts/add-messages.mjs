// Merges catalogue entries into messages/en.json and messages/fr.json under a lock, so several people
// (or helpers) adding keys at once lose nothing:
//   node scripts/add-messages.mjs entries.en.json entries.fr.json
// Each entries file is a nested object; existing keys are overwritten, others kept.
import fs from "node:fs";
import { withMessagesLock } from "./messages-lock.mjs";

const [enFile, frFile] = process.argv.slice(2);
if (!enFile || !frFile) {
  console.error("usage: node scripts/add-messages.mjs <entries.en.json> <entries.fr.json>");
  process.exit(2);
}

function merge(target, source) {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === "object" && !Array.isArray(value)) target[key] = merge(target[key] ?? {}, value);
    else target[key] = value;
  }
  return target;
}

await withMessagesLock(() => {
  for (const [file, entries] of [["messages/en.json", enFile], ["messages/fr.json", frFile]]) {
    const catalogue = JSON.parse(fs.readFileSync(file, "utf8"));
    merge(catalogue, JSON.parse(fs.readFileSync(entries, "utf8")));
    fs.writeFileSync(file, `${JSON.stringify(catalogue, null, 2)}\n`);
  }
});
console.log("messages merged");
