import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { getApiApp } from "@/server/api/app";
import { getDb } from "@/server/db/client";
import { organizations } from "@/server/db/schema";
import { DEMO_PASSWORD } from "./database-images";

export { DEMO_PASSWORD };

export interface CallOptions {
  body?: unknown;
  rawBody?: string;
  cookie?: string;
  headers?: Record<string, string>;
  language?: string;
}

/** Calls the control-plane API in-process, as the /api/v1 route handler does. */
export async function call(method: string, path: string, options: CallOptions = {}) {
  const headers = new Headers({ host: "localhost", ...(options.headers ?? {}) });
  if (options.cookie) headers.set("cookie", options.cookie);
  if (options.language) headers.set("accept-language", options.language);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
  if (body === undefined && method !== "GET" && !headers.has("content-type")) headers.set("content-type", "application/json");
  const response = await getApiApp().fetch(new Request(`http://localhost/api/v1${path}`, { method, headers, body }));
  const text = await response.text();
  let json: any = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  return { status: response.status, headers: response.headers, body: json };
}

const cookies = new Map<string, string>();

/** Signs a demo user in once per file and returns the session cookie. */
export async function signIn(email: string): Promise<string> {
  const cached = cookies.get(email);
  if (cached) return cached;
  const response = await call("POST", "/auth/login", { body: { email, password: DEMO_PASSWORD } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("maia_session="));
  expect(setCookie).toBeDefined();
  const cookie = setCookie!.split(";")[0];
  cookies.set(email, cookie);
  return cookie;
}

export async function organizationId(name: string): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, name));
  if (!row) throw new Error(`no organization ${name}`);
  return row.id;
}
