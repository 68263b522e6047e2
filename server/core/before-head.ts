import "server-only";
import type { ServerResponse } from "node:http";

/**
 * Calls `hook` with writeHead's arguments just before the response's head is written — by writeHead itself, or by
 * Node on the first write (which goes through writeHead too) — while headers can still be set on it.
 */
export function beforeHead(res: ServerResponse, hook: (res: ServerResponse, args: unknown[]) => void): void {
  const writeHead = res.writeHead as (...args: unknown[]) => ServerResponse;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    hook(this, args);
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}
