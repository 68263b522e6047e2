import "server-only";
// The headers every page answer carries (issue 13 finding 8). Next reads the nonce for its own scripts from the
// request's Content-Security-Policy header that the proxy sets; the layout passes it to the one other inline script,
// next-themes' theme bootstrap, through NONCE_HEADER.

export const NONCE_HEADER = "x-nonce";

/** A fresh, unguessable nonce for one page answer. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Scripts only with this answer's nonce (and what they load, 'strict-dynamic'); styles may stay inline, as the charts
 * and the API reference set them; nothing may frame the console. Development adds 'unsafe-eval' for React's debugging
 * tools and Next's reloads.
 */
export function contentSecurityPolicy(nonce: string, { dev }: { dev: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers of every page answer besides the policy. */
export const PAGE_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
};
