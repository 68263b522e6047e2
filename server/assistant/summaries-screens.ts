import "server-only";
import type { z } from "zod";
import type { guideScreenOutputSchema } from "@/lib/assistant/tool-schemas";
import { ROLE_LEVEL_LABELS } from "@/lib/people/constants";
import { lines, type Writer } from "./summaries-live";

// guideScreen's answer: the screen, what it shows and what one does there, and whether the reader has it — when not,
// which kind of user does (organization types, or the roles that make its changes).

export function guideScreen(output: z.infer<typeof guideScreenOutputSchema>, { t }: Writer): string {
  const types = output.forTypes.map((type) => t(`organizationSettings.types.${type}`)).join(", ");
  const labels = (levels: typeof output.changeRoles) => levels.map((level) => t(ROLE_LEVEL_LABELS[level])).join(", ");
  const access = !output.allowed
    ? output.openRoles.length > 0
      ? t("assistant.guide.screens.roleNotAllowed", { roles: labels(output.openRoles) })
      : t("assistant.guide.screens.notYours", { types })
    : !output.canChange && output.changeRoles.length > 0
      ? t("assistant.guide.screens.viewOnly", { roles: labels(output.changeRoles) })
      : null;
  return lines(`**${output.title}**`, `- ${output.shows}`, `- ${output.does}`, output.where && `- ${output.where}`, access);
}
