// The request id of the last failure an error alert showed in this tab, for the support dialog to offer to add to the
// ticket. Browser state only: nothing on the server reads it.

const KEPT_MS = 30 * 60_000;

let last: { requestId: string; at: number } | null = null;

export function rememberFailedRequest(requestId: string, now = Date.now()): void {
  last = { requestId, at: now };
}

/** The last failure's request id, if one was shown in the last half hour. */
export function lastFailedRequest(now = Date.now()): string | null {
  return last && now - last.at < KEPT_MS ? last.requestId : null;
}
