"use client";

import { useTranslations } from "next-intl";
import type { Node } from "@/lib/nodes/schema";
import { NodeTypeLabel } from "./node-type";

/** The node's properties as a read view: name, type, location, description, device. */
export function NodeSummary({ node }: { node: Node }) {
  const t = useTranslations("nodes");
  const rows: [string, React.ReactNode][] = [
    [t("form.name"), <span key="name" className="font-mono">{node.name}</span>],
    [t("columns.type"), <NodeTypeLabel key="type" node={node} />],
    [t("form.location"), node.location.address],
    [t("form.description"), node.description || <span key="none" className="text-muted-foreground">{t("noDescription")}</span>],
    [t("columns.device"), node.deviceSerialNumber ? <span key="device" className="font-mono">{node.deviceSerialNumber}</span> : t("noDevice")],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2" data-testid="node-summary">
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
