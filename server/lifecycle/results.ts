import { DEFAULT_LOCALE } from "@/lib/constants";
import { translatorFor } from "@/lib/i18n/messages";
import type { LifecycleFailure } from "./steps";

// The summary a finished operation keeps: one stored text for every reader, so it is written in the default
// language (the demo data's summaries are too); the catalogue holds both languages of each.

const t = translatorFor(DEFAULT_LOCALE);

export function successSummary(operation: { operation: "install-version" | "reboot"; version: string | null }): string {
  return operation.operation === "install-version" ? t("lifecycle.result.installed", { version: operation.version ?? "" }) : t("lifecycle.result.rebooted");
}

export function failureSummary(failure: LifecycleFailure, progress: number): string {
  return t(`lifecycle.result.${failure}`, { progress: Math.floor(progress) });
}
