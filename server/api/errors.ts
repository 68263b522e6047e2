import "server-only";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** A refusal of the HTTP layer itself (a body too large, a wrong content type), with its status and catalogue key. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly key: string,
  ) {
    super(key);
  }
}
