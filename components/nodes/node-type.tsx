"use client";

import { Cpu, Network, Router, Server } from "lucide-react";
import { useTranslations } from "next-intl";
import type { Node } from "@/lib/nodes/schema";

/** A node's kind, and for edge nodes their type (Standard or With Switch). */
export function NodeTypeLabel({ node }: { node: Pick<Node, "kind" | "edgeType"> }) {
  const t = useTranslations("nodes");
  const Icon = node.kind === "core" ? Server : node.kind === "cpe" ? Cpu : node.edgeType === "with-switch" ? Network : Router;
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap" data-testid="node-type">
      <Icon aria-hidden className="size-4 text-muted-foreground" />
      {node.kind === "edge" ? t(`form.edgeTypes.${node.edgeType ?? "standard"}`) : t(`kinds.${node.kind}`)}
    </span>
  );
}
