"use client";

import { CircleAlert, CircleCheck } from "lucide-react";
import { useTranslations } from "next-intl";
import { meshOf, meshPairPath } from "@/lib/fabrics/mesh";
import { cn } from "@/lib/utils";

interface FabricMeshProps {
  nodes: { id: string; name: string }[];
  links: { sourceNodeId?: string | null; destinationNodeId?: string | null }[];
  /** After a save was tried: a missing pair is an error on that pair, not only a warning. */
  showErrors?: boolean;
}

/**
 * SPEC §5 "Fabric full mesh: at least one link per node pair", worked out with the server's own meshOf over the links
 * shown (saved, or being edited): each pair of core nodes without a link says so.
 */
export function FabricMesh({ nodes, links, showErrors = false }: FabricMeshProps) {
  const t = useTranslations();
  const joined = links.flatMap((link) =>
    link.sourceNodeId && link.destinationNodeId ? [{ sourceNodeId: link.sourceNodeId, destinationNodeId: link.destinationNodeId }] : [],
  );
  const mesh = meshOf(nodes, joined);
  const pairs = (nodes.length * (nodes.length - 1)) / 2;
  return (
    <section className="rounded-md border px-3 py-2 text-sm" data-testid="fabric-mesh" data-complete={mesh.complete} aria-live="polite">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {mesh.complete ? (
          <CircleCheck className="size-4 text-status-healthy" aria-hidden />
        ) : (
          <CircleAlert className={cn("size-4", showErrors ? "text-destructive" : "text-status-warning")} aria-hidden />
        )}
        <span className="font-medium">{t("fabrics.mesh.title")}</span>
        <span className="text-muted-foreground">
          {pairs === 0
            ? t("fabrics.mesh.noPairs")
            : mesh.complete
              ? t("fabrics.mesh.complete", { pairs })
              : t("fabrics.mesh.incomplete", { missing: mesh.missingPairs.length, pairs })}
        </span>
      </div>
      {!mesh.complete && (
        <ul className="mt-1.5 flex flex-col gap-1 pl-6" role={showErrors ? "alert" : undefined}>
          {mesh.missingPairs.map(({ a, b }) => (
            <li
              key={meshPairPath(a.id, b.id)}
              data-testid="mesh-pair"
              data-pair={`${a.name}~${b.name}`}
              className={cn("text-sm", showErrors ? "font-medium text-destructive" : "text-status-warning")}
            >
              {t("validation.fabricMissingPair", { a: a.name, b: b.name })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
