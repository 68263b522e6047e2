import "server-only";
import { telemetryIngestResultSchema } from "@/lib/telemetry/ingest";
import { getApiApp } from "@/server/api/app";

// A device's only way in: POST /api/v1/telemetry/ingest with its bearer token, through the same Hono app the
// /api/v1 route handler serves, as any device's request would arrive.

const INGEST_URL = "http://localhost/api/v1/telemetry/ingest";

export interface IngestOutcome {
  status: number;
  accepted: number;
  rejected: number;
  /** The API's error text when the batch was refused. */
  error?: string;
}

export async function pushBatch(token: string, body: string): Promise<IngestOutcome> {
  const response = await getApiApp().fetch(
    new Request(INGEST_URL, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body,
    }),
  );
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const error = (json as { error?: unknown } | undefined)?.error;
    return { status: response.status, accepted: 0, rejected: 0, error: typeof error === "string" ? error : text.slice(0, 200) };
  }
  const result = telemetryIngestResultSchema.safeParse(json);
  if (!result.success) return { status: response.status, accepted: 0, rejected: 0, error: "unexpected answer" };
  return { status: response.status, accepted: result.data.accepted, rejected: result.data.rejected };
}
