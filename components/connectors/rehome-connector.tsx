"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ConfirmDelete } from "@/components/common/confirm-delete";
import { toast } from "@/components/ui/toast";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { ConnectorHoming, Rehoming } from "@/lib/connectors/homing-schema";
import { connectorHomingQueryOptions, rehomingPreviewQueryOptions, useRehomeConnector } from "@/lib/connectors/queries";

/** What the confirmation says: the node serving it now, then (once a node is chosen) the paths that move with it. */
export function useRehomeDescription(homing: ConnectorHoming | undefined, preview: Rehoming | undefined, checking: boolean): string {
  const t = useTranslations("connectors.homing");
  if (!homing) return t("loading");
  const current = homing.node
    ? homing.port
      ? t("currentPort", { node: homing.node.name, port: homing.port })
      : t("current", { node: homing.node.name })
    : t("unserved");
  const parts = [t("description"), `${current}.`];
  if (checking) parts.push(t("checking"));
  else if (preview) {
    const paths = preview.paths.map((path) => t("pathOf", { path: path.name, customer: path.organizationName })).join(", ");
    parts.push(t("moves", { count: preview.paths.length, node: preview.to.name, paths }));
  }
  return parts.join(" ");
}

/**
 * Re-homing a connector onto another node of its MSP: the node is chosen in the confirmation the deletes use, which
 * then names the paths that move (asked of the API without applying) before anything is done.
 */
export function RehomeConnector({ connector, open, onOpenChange }: { connector: { id: string; name: string }; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations("connectors.homing");
  const [nodeId, setNodeId] = useState("");
  const homing = useQuery({ ...connectorHomingQueryOptions(connector.id), enabled: open });
  const current = homing.data?.node?.id ?? null;
  const chosen = nodeId !== "" && nodeId !== current ? nodeId : "";
  const preview = useQuery({ ...rehomingPreviewQueryOptions(connector.id, chosen), enabled: open && chosen !== "" });
  const rehome = useRehomeConnector(connector.id);
  const description = useRehomeDescription(homing.data, chosen ? preview.data : undefined, chosen !== "" && preview.isPending);
  const target = homing.data?.candidates.find((candidate) => candidate.id === chosen);
  return (
    <ConfirmDelete
      open={open}
      onOpenChange={(next) => {
        if (!next) setNodeId("");
        onOpenChange(next);
      }}
      title={target ? t("confirmTitle", { name: connector.name, node: target.name }) : t("title", { name: connector.name })}
      description={description}
      confirmLabel={t("confirm")}
      testId="connector-rehome"
      refused={!preview.data || chosen === ""}
      onConfirm={async () => {
        const done = await rehome.mutateAsync(chosen);
        toast.success(t("done", { name: connector.name, node: done.to.name }));
        setNodeId("");
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor={`rehome-${connector.id}`}>{t("node")}</Label>
        <Select value={nodeId || current || ""} onValueChange={setNodeId} disabled={!homing.data}>
          <SelectTrigger id={`rehome-${connector.id}`} data-testid="connector-rehome-node">
            <SelectValue placeholder={t("loading")} />
          </SelectTrigger>
          <SelectContent>
            {homing.data?.candidates.map((candidate) => (
              <SelectItem key={candidate.id} value={candidate.id}>
                {t(candidate.current ? "currentCandidate" : "candidate", { node: candidate.name, distance: candidate.distanceKm })}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </ConfirmDelete>
  );
}
