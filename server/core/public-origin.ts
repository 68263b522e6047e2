import "server-only";

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
  if (warned !== value) console.warn(`[config] PUBLIC_ORIGIN "${value}" is not an http(s) origin: links use the request's origin.`);
  warned = value;
  return undefined;
}
