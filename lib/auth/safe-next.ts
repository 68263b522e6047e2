// Where the browser goes after sign-in (and after accepting an invitation): only a path of this console. The value
// is parsed as a URL against a stand-in origin rather than checked by prefix, because browsers read "\" as "/" and
// drop tabs and newlines, so "/\evil.example" or "/<tab>/evil.example" would otherwise leave for another host.

const STAND_IN = new URL("http://console.invalid");
const FALLBACK = "/";
const MAX_LENGTH = 2048;
// Backslashes and control characters have no place in a path the console writes; a browser rewrites them.
// Their percent-encoded forms are refused too, so a value decoded once more downstream cannot turn into one.
const REWRITTEN_BY_BROWSERS = /[\\\u0000-\u001f\u007f]|%(5c|[01][0-9a-f]|7f)/i;
// Not pages: the API, Next's assets, the websocket, and the pages that would sign the user straight back out.
const NOT_DESTINATIONS = [/^\/api(\/|$)/, /^\/_next(\/|$)/, /^\/ws$/, /^\/login$/, /^\/(user\/)?logout$/];

/** A same-origin console path ("/organization/…?…#…") from an untrusted `next` value, or "/" when it is anything else. */
export function safeNextPath(next: unknown): string {
  if (typeof next !== "string" || next.length === 0 || next.length > MAX_LENGTH) return FALLBACK;
  if (REWRITTEN_BY_BROWSERS.test(next) || !next.startsWith("/") || next.startsWith("//")) return FALLBACK;
  let url: URL;
  try {
    url = new URL(next, STAND_IN);
  } catch {
    return FALLBACK;
  }
  if (url.origin !== STAND_IN.origin) return FALLBACK;
  // "/.//evil.example" resolves to the path "//evil.example", which a browser would read as another host.
  if (url.pathname.startsWith("//") || NOT_DESTINATIONS.some((pattern) => pattern.test(url.pathname))) return FALLBACK;
  return `${url.pathname}${url.search}${url.hash}`;
}
