import type { ContentfulStatusCode } from "hono/utils/http-status";

export type MessageValues = Record<string, string | number>;

/** One invalid field: its path and the catalogue key (with values) describing what is wrong. */
export interface FieldIssue {
  path: string;
  key: string;
  values?: MessageValues;
}

/** A failure with a status and a catalogue key; the API translates it into the caller's language. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly key: string,
    readonly values?: MessageValues,
    readonly issues?: FieldIssue[],
  ) {
    super(key);
  }
}

export const notFound = () => new ApiError(404, "apiErrors.notFound");
export const unauthenticated = () => new ApiError(401, "apiErrors.unauthenticated");
export const forbidden = () => new ApiError(403, "apiErrors.forbidden");
