import { randomUUID } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { WEBHOOK_VERIFY_SNIPPET } from "@/lib/webhooks/constants";
import { getDb } from "@/server/db/client";
import { webhookDeliveries, webhookEndpoints } from "@/server/db/schema";
import { encryptSecret } from "@/server/secrets/crypto";

// Webhook endpoints and deliveries inserted directly (the generated tests aim at them), a local HTTP server that receives webhook deliveries (WEBHOOK_ALLOW_PRIVATE=on lets the console call loopback),
// and the verification snippet the API docs page and the README show, loaded as a receiver would run it.

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; time: string; organization: string; data: any };
}

/** How the server answers a path: a status for each request in turn (the last one repeats), 200 by default; 0 never answers. */
export type Script = Record<string, number[]>;

export interface Receiver {
  url(pathName: string): string;
  received: Received[];
  on(pathName: string): Received[];
  script: Script;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const script: Script = {};
  const served = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const pathName = request.url ?? "/";
      received.push({ path: pathName, headers: request.headers, body, json: JSON.parse(body) });
      const count = served.get(pathName) ?? 0;
      served.set(pathName, count + 1);
      const statuses = script[pathName] ?? [200];
      const status = statuses[Math.min(count, statuses.length - 1)];
      if (status === 0) return;
      response.writeHead(status, { "content-type": "text/plain", ...(status >= 300 && status < 400 && { location: "https://elsewhere.example/" }) });
      response.end(status < 300 ? `thanks ${"x".repeat(4000)}` : "receiver is down");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (pathName) => `http://127.0.0.1:${port}${pathName}`,
    received,
    on: (pathName) => received.filter((entry) => entry.path === pathName),
    script,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type Verify = (secret: string, headers: IncomingHttpHeaders, rawBody: string, toleranceSeconds?: number) => boolean;

/** The documented snippet, written to a module and imported, exactly as a receiver would paste it. */
export async function documentedVerifier(): Promise<Verify> {
  const directory = await mkdtemp(path.join(tmpdir(), "maia-webhook-verify-"));
  const file = path.join(directory, "verify.mjs");
  await writeFile(file, WEBHOOK_VERIFY_SNIPPET);
  const snippet = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { verifyMaiaWebhook: Verify };
  return snippet.verifyMaiaWebhook;
}

/** An endpoint of the organization with one delivery logged (for the generated tests, which need real objects). */
export async function insertWebhookEndpoint(organizationId: string) {
  const db = await getDb();
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({ organizationId, url: "https://hooks.example.com/maia", eventTypes: ["alarm.raised"], secret: await encryptSecret(db, "whsec_fixture") })
    .returning();
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({
      endpointId: endpoint.id,
      organizationId,
      eventId: randomUUID(),
      eventType: "alarm.raised",
      eventOrganizationId: organizationId,
      eventTime: new Date(),
      data: {},
      status: "succeeded",
      attempts: 1,
    })
    .returning();
  return { endpoint, delivery };
}
