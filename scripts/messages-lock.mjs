// The lock under which scripts write messages/en.json and fr.json, so several people (or helpers) at once lose nothing.
import fs from "node:fs";

const LOCK = "messages/.lock";

/** Runs `work` holding messages/.lock, waiting up to 10 s for whoever holds it. */
export async function withMessagesLock(work) {
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(LOCK, String(process.pid), { flag: "wx" });
      break;
    } catch {
      if (attempt > 200) throw new Error("messages/.lock is held; remove it if no one is writing");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    return await work();
  } finally {
    fs.unlinkSync(LOCK);
  }
}
