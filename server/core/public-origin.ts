import "server-only";
import { logger } from "./log";

let warned: string | undefined;

/**
 * PUBLIC_ORIGIN, the address people reach the console at (scheme, host and port), for links that leave the request
 * (invitation mails); undefined when unset, or when it is not an http(s) origin (said once in the log).
 */
export function configuredPublicOrigin(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env.PUBLIC_ORIGIN?.trim();
  if (!value) return undefined;
  try {
    const url = new URL(value);
    if ((url.protocol === "http:" || url.protocol === "https:") && url.origin !== "null") return url.origin;
  } catch {
    // Reported below.
  }
  if (warned !== value) logger("config").warn({ PUBLIC_ORIGIN: value }, "PUBLIC_ORIGIN is not an http(s) origin: links use the server's own address");
  warned = value;
  return undefined;
}

/** The console's own address as its server announces it at start (PUBLIC_HOST, PORT). */
export function serverOrigin(env: NodeJS.ProcessEnv = process.env): string {
  return `http://${env.PUBLIC_HOST ?? "localhost"}:${Number(env.PORT ?? 3000)}`;
}

/**
 * Where links sent out of the console (mail) point: PUBLIC_ORIGIN, else the server's own address — never the
 * request's, whose Host header is the caller's to write (a forged one would mail the invitee a link to the caller).
 */
export function linkOrigin(env: NodeJS.ProcessEnv = process.env): string {
  return configuredPublicOrigin(env) ?? serverOrigin(env);
}
