import { z } from "zod";

// What the chat UI reads of a tool's output: the links it offers (a label and a console route relative to
// /organization/{organizationId}/). Outputs are stored data, so they are parsed, never trusted.

const linkSchema = z.object({ label: z.string().min(1).max(200), path: z.string().max(500).regex(/^[A-Za-z0-9/_#-]*$/) });

export type ToolLink = z.infer<typeof linkSchema>;

/** The valid links of a tool's output; none when it has none or is not an object. */
export function toolLinks(output: unknown): ToolLink[] {
  const links = (output as { links?: unknown } | null)?.links;
  if (!Array.isArray(links)) return [];
  return links.flatMap((link) => {
    const parsed = linkSchema.safeParse(link);
    return parsed.success ? [parsed.data] : [];
  });
}
