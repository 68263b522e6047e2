import "server-only";
import type { z } from "zod";
import type { gettingStartedOutputSchema } from "@/lib/assistant/tool-schemas";
import { ROLE_LEVEL_LABELS } from "@/lib/people/constants";
import { lines, type Writer } from "./summaries-live";

// gettingStarted's answer: each step of the organization's way in, ticked when done, what still waits named, then the
// next step the reader's role may take (or who may take it).

export function gettingStarted(output: z.infer<typeof gettingStartedOutputSchema>, { t, locale }: Writer): string {
  const list = new Intl.ListFormat(locale, { type: "conjunction" });
  const named = (names: string[], total: number) =>
    total > names.length ? t("assistant.gettingStarted.andMore", { names: names.join(", "), more: total - names.length }) : list.format(names);
  const steps = output.steps.map((step, index) => {
    // Watching never ends: it says what there is to watch, not whether it is done.
    const text =
      step.step === "monitor"
        ? t("assistant.gettingStarted.monitor", { count: step.count })
        : t(`assistant.gettingStarted.steps.${step.step}.${step.done ? "reached" : "open"}`, {
            count: step.count,
            names: named(step.pending, step.pendingTotal),
            pending: step.pendingTotal,
            invited: step.step === "colleagues" ? step.pendingTotal : 0,
          });
    return `${index + 1}. ${step.done ? "✓ " : ""}${text}`;
  });
  const role = t(ROLE_LEVEL_LABELS[output.role]);
  const open = output.steps.filter((step) => !step.done && step.step !== "monitor");
  const closing =
    output.next !== null
      ? t("assistant.gettingStarted.next", { step: t(`assistant.gettingStarted.names.${output.next}`) })
      : open.length === 0
        ? t("assistant.gettingStarted.allDone")
        : output.role === "read-only"
          ? null
          : t("assistant.gettingStarted.notAllowed", { role });
  // A read-only user is told so whatever is left: they look, others change.
  const readOnly = output.role === "read-only" ? t("assistant.gettingStarted.readOnly", { role }) : null;
  return lines(t("assistant.gettingStarted.title", { organization: output.organizationName }), ...steps, closing && `**${closing}**`, readOnly);
}
