// A console-like process for the webhooks' kill -9 test: opens the PGlite data directory DATA_DIR, records changes
// one after another (each queues a webhook delivery in its transaction) while its webhook worker sends what is due,
// and prints each change's number once its transaction has committed.
import { recordSystemChange } from "@/server/core/changes";
import { openDatabase } from "@/server/db/client";
import { startWebhookWorker } from "@/server/webhooks/worker";

async function main() {
  const handle = await openDatabase({ dataDir: process.env.DATA_DIR! });
  const organizationId = process.env.WEBHOOK_ORGANIZATION_ID!;
  // Its worker ticks slower than the changes come, so deliveries are still queued (one in flight, perhaps) when the
  // process dies.
  startWebhookWorker(handle.db, { allowPrivate: true, tickMs: 50, log: () => {} });
  for (let n = 1; ; n++) {
    await handle.db.transaction((tx) =>
      recordSystemChange(tx, { organizationId, entityType: "alarm", entityId: `crash-${n}`, type: "raised", source: "crash-test", after: { subject: `crash-${n}` } }),
    );
    process.stdout.write(`${n}\n`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
