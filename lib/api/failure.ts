import { rememberFailedRequest } from "@/lib/support/failed-request";
import { ApiRequestError } from "./client";

/**
 * What a failure says to the user in a toast: an API answer's message in their words, without its "(requestId=…)",
 * which is kept for the support dialog to offer instead.
 */
export function failureReason(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.requestId) rememberFailedRequest(error.requestId);
    return error.reason;
  }
  return error instanceof Error ? error.message : String(error);
}
