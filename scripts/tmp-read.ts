import { readIntent } from "../server/assistant/intent";
import { classify } from "../server/assistant/classifier/model";
import { ASSISTANT_TOOL_NAMES } from "../lib/assistant/tools";
for (const q of process.argv.slice(2)) console.log(q, "→", JSON.stringify(readIntent(q, {}, ASSISTANT_TOOL_NAMES, { locale: "en" })), classify(q).slice(0,2).map(g=>g.label+" "+g.probability.toFixed(2)).join(", "));
