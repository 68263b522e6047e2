"use client";

import { useQuery } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { ConfirmDelete } from "@/components/common/confirm-delete";
import { Button } from "@/components/ui/button";
import { nodeDeletionQueryOptions, useDeleteNode } from "@/lib/nodes/queries";
import type { NodeDeletion, ServedConnector } from "@/lib/nodes/schema";

/** What goes with the node, as the API says: its ports, its links (with their far ends) and its device's assignment. */
function useConsequences(deletion: NodeDeletion | undefined, failed: boolean): string {
  const t = useTranslations("nodes.delete");
  if (failed) return t("unknownConsequences");
  if (!deletion) return t("checking");
  if (deletion.servedConnectors.length > 0) return servedDescription(t, deletion.servedConnectors);
  const parts = [
    t("ports", {
      interfaces: deletion.interfaces,
      subinterfaces: deletion.subinterfaces,
      ipsecEndpoints: deletion.ipsecEndpoints,
      switchPorts: deletion.switchPorts,
    }),
    deletion.links.length === 0
      ? t("noLinks")
      : t("links", { count: deletion.links.length, links: deletion.links.map((link) => t("linkTo", { link: link.name, node: link.farEndNodeName })).join(", ") }),
    deletion.deviceSerialNumber ? t("device", { serial: deletion.deviceSerialNumber }) : t("noDevice"),
  ];
  return `${parts.join(" ")} ${t("irreversible")}`;
}

/** Why a node serving customers' connectors is not deleted: each connector, its customer and site. */
function servedDescription(t: ReturnType<typeof useTranslations<"nodes.delete">>, served: ServedConnector[]): string {
  const connectors = served.map((connector) => t("servedConnector", { connector: connector.name, customer: connector.organizationName, site: connector.siteName }));
  return t("served", { count: served.length, connectors: connectors.join(", ") });
}

/** Delete a node, saying first what goes with it (asked of the API when the confirmation opens). */
export function DeleteNode({ nodeId, name, onDeleted, compact }: { nodeId: string; name: string; onDeleted?: () => void; compact?: boolean }) {
  const t = useTranslations("nodes.delete");
  const [open, setOpen] = useState(false);
  const deletion = useQuery({ ...nodeDeletionQueryOptions(nodeId), enabled: open });
  const remove = useDeleteNode();
  const description = useConsequences(deletion.data, deletion.isError);
  return (
    <>
      <Button
        variant={compact ? "ghost" : "outline"}
        size={compact ? "icon" : "sm"}
        className="text-destructive"
        onClick={() => setOpen(true)}
        aria-label={t("label", { name })}
        title={t("label", { name })}
        data-testid="node-delete"
      >
        <Trash2 aria-hidden />
        {!compact && t("button")}
      </Button>
      <ConfirmDelete
        open={open}
        onOpenChange={setOpen}
        title={t("title", { name })}
        description={description}
        confirmLabel={t("button")}
        testId="node-delete-dialog"
        refused={(deletion.data?.servedConnectors.length ?? 0) > 0}
        onConfirm={async () => {
          await remove.mutateAsync(nodeId);
          toast.success(t("deleted", { name }));
          onDeleted?.();
        }}
      />
    </>
  );
}
