import { Cable, Cloud, Globe, LockKeyhole, Waypoints, type LucideIcon } from "lucide-react";
import type { ConnectorKind } from "@/lib/connectors/schema";
import { cn } from "@/lib/utils";

export const CONNECTOR_KIND_ICONS: Record<ConnectorKind, LucideIcon> = {
  physical: Cable,
  ipsec: LockKeyhole,
  external: Cloud,
  virtual: Waypoints,
  internet: Globe,
};

/** The kind's icon, named for screen readers and on hover. */
export function ConnectorKindIcon({ kind, label, className }: { kind: ConnectorKind; label: string; className?: string }) {
  const Icon = CONNECTOR_KIND_ICONS[kind];
  return (
    <span title={label} className="inline-flex">
      <Icon aria-hidden className={cn("size-3.5", className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}
