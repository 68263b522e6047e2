import "server-only";
import { lifecycleResultKey } from "@/lib/lifecycle/result-message";
import { messageWithValues } from "@/lib/validation/messages";
import type { LifecycleFailure } from "./steps";

// The summary a finished operation keeps: a catalogue message with its values ("key::{json}"), not text, so every
// reader gets it in their own language when the API answers (lib/lifecycle/result-message.ts).

export function successSummary(operation: { operation: "install-version" | "reboot"; version: string | null }): string {
  return operation.operation === "install-version"
    ? messageWithValues(lifecycleResultKey("installed"), { version: operation.version ?? "" })
    : lifecycleResultKey("rebooted");
}

export function failureSummary(failure: LifecycleFailure, progress: number): string {
  return messageWithValues(lifecycleResultKey(failure), { progress: Math.floor(progress) });
}
