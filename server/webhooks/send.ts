import "server-only";
import { createHmac } from "node:crypto";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { WEBHOOK_HEADERS } from "@/lib/webhooks/constants";
import { isBlockedAddress } from "./address";

// One delivery attempt: a signed POST, with a deadline, no redirect followed (a 3xx is a failure: the receiver
// must name its final URL), and at most RESPONSE_READ_LIMIT bytes of the answer read.

const RESPONSE_READ_LIMIT = 64 * 1024;
/** What the deliveries log keeps of an answer. */
export const RESPONSE_EXCERPT_LENGTH = 1024;
const ERROR_LENGTH = 500;

/** The signature header's value: HMAC-SHA256 of `timestamp + "." + body` with the endpoint's secret. */
export function signDelivery(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

export interface DeliveryRequest {
  url: string;
  deliveryId: string;
  eventType: string;
  body: string;
  secret: string;
}

export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
}

class RefusedAddressError extends Error {}

/** A DNS lookup that refuses addresses a webhook may not reach: the request connects only to an address checked. */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      const allowed = allowPrivate ? addresses : addresses.filter((entry) => !isBlockedAddress(entry.address));
      if (allowed.length === 0 || allowed.length < addresses.length) {
        return callback(new RefusedAddressError(`${hostname} resolves to an address webhooks may not reach`), "", 0);
      }
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, allowed);
      callback(null, allowed[0].address, allowed[0].family);
    });
  };
}

export async function sendDelivery(request: DeliveryRequest, options: { timeoutMs: number; allowPrivate: boolean }): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (error: string, statusCode: number | null = null, responseExcerpt: string | null = null): AttemptResult => ({
    ok: false,
    statusCode,
    durationMs: elapsed(),
    responseExcerpt,
    error: error.slice(0, ERROR_LENGTH),
  });
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return failed("invalid URL");
  }
  const secure = url.protocol === "https:";
  if (!secure && !(options.allowPrivate && url.protocol === "http:")) return failed("only https:// endpoints are called");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && !options.allowPrivate && isBlockedAddress(host)) return failed(`${host} is an address webhooks may not reach`);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const headers = {
    "content-type": "application/json",
    "user-agent": "Maia-Console-Webhooks/1",
    [WEBHOOK_HEADERS.delivery.toLowerCase()]: request.deliveryId,
    [WEBHOOK_HEADERS.event.toLowerCase()]: request.eventType,
    [WEBHOOK_HEADERS.timestamp.toLowerCase()]: timestamp,
    [WEBHOOK_HEADERS.signature.toLowerCase()]: signDelivery(request.secret, timestamp, request.body),
    "content-length": String(Buffer.byteLength(request.body)),
  };
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(result);
    };
    const transport = secure ? https : http;
    const outgoing = transport.request(url, { method: "POST", headers, agent: false, lookup: guardedLookup(options.allowPrivate) }, (response) => {
      const chunks: Buffer[] = [];
      let read = 0;
      const done = () => {
        const text = Buffer.concat(chunks).toString("utf8").slice(0, RESPONSE_EXCERPT_LENGTH);
        const statusCode = response.statusCode ?? null;
        const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
        const why = ok ? null : statusCode !== null && statusCode >= 300 && statusCode < 400 ? `redirect to ${response.headers.location ?? "?"} not followed` : `HTTP ${statusCode}`;
        finish({ ok, statusCode, durationMs: elapsed(), responseExcerpt: text || null, error: why });
      };
      response.on("data", (chunk: Buffer) => {
        if (read >= RESPONSE_READ_LIMIT) return;
        chunks.push(chunk.subarray(0, RESPONSE_READ_LIMIT - read));
        read += chunk.length;
        // Enough read: the rest of the answer is not waited for.
        if (read >= RESPONSE_READ_LIMIT) {
          done();
          response.destroy();
        }
      });
      response.on("end", done);
      response.on("error", (error) => finish(failed(error.message, response.statusCode ?? null)));
    });
    const deadline = setTimeout(() => {
      finish(failed(`no answer within ${options.timeoutMs} ms`));
      outgoing.destroy();
    }, options.timeoutMs);
    outgoing.on("error", (error) => finish(failed(error.message)));
    outgoing.end(request.body);
  });
}
