"use client";

import { useTranslations } from "next-intl";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { Connector } from "@/lib/connectors/schema";
import { useBandwidthFormatter } from "./bandwidth";

/** A short line of what matters about a connector, for the table. */
export function ConnectorSummary({ connector }: { connector: Connector }) {
  const t = useTranslations("connectors.fields");
  switch (connector.kind) {
    case "physical":
      return (
        <span className="font-mono text-xs">
          {connector.customerIp} ↔ {connector.providerEdgeIp} · {t("vlan")} {connector.vlan}
        </span>
      );
    case "ipsec":
      return (
        <span className="font-mono text-xs">
          {connector.localSiteIp} → {connector.publicIp} · {t("mtu")} {connector.mtu}
        </span>
      );
    default:
      return <span className="text-muted-foreground">—</span>;
  }
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[minmax(0,14rem)_1fr] gap-3 border-b py-2 text-sm last:border-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** Every field of a connector, read-only (the preshared key only as set or not). */
export function ConnectorProperties({ connector }: { connector: Connector }) {
  const t = useTranslations("connectors");
  const formatBandwidth = useBandwidthFormatter();
  const mono = (value: string | number) => <span className="font-mono">{value}</span>;
  return (
    <dl data-testid="connector-properties">
      <Row label={t("fields.name")}>{connector.name}</Row>
      <Row label={t("columns.kind")}>{t(`kinds.${connector.kind}`)}</Row>
      <Row label={t("columns.bandwidth")}>{formatBandwidth(connector.bandwidth)}</Row>
      {"description" in connector && <Row label={t("fields.description")}>{connector.description || "—"}</Row>}
      {connector.kind === "physical" && (
        <>
          <Row label={t("fields.customerIp")}>{mono(connector.customerIp)}</Row>
          <Row label={t("fields.providerEdgeIp")}>{mono(connector.providerEdgeIp)}</Row>
          <Row label={t("fields.vlan")}>{mono(connector.vlan)}</Row>
        </>
      )}
      {connector.kind === "ipsec" && (
        <>
          <Row label={t("fields.localSiteIp")}>{mono(connector.localSiteIp)}</Row>
          <Row label={t("fields.publicIp")}>{mono(connector.publicIp)}</Row>
          <Row label={t("fields.mtu")}>{t("fields.withBytes", { value: connector.mtu })}</Row>
          <Row label={t("fields.mss")}>{t("fields.withBytes", { value: connector.mss })}</Row>
          <Row label={t("fields.natTraversal")}>{connector.natTraversal ? t("fields.on") : t("fields.off")}</Row>
          <Row label={t("fields.deadPeerDetectionDelaySeconds")}>{t("fields.withSeconds", { value: connector.deadPeerDetectionDelaySeconds })}</Row>
          <Row label={t("fields.phase1SaLifetimeHours")}>{t("fields.withHours", { value: connector.phase1SaLifetimeHours })}</Row>
          <Row label={t("fields.phase2SaLifetimeHours")}>{t("fields.withHours", { value: connector.phase2SaLifetimeHours })}</Row>
          <Row label={t("fields.presharedKey")}>{connector.presharedKeySet ? t("fields.keySet") : t("fields.keyNotSet")}</Row>
        </>
      )}
    </dl>
  );
}

/** The read-only view of a connector, for those who may not change it. */
export function ConnectorDetailsDialog({ connector, onClose }: { connector: Connector | null; onClose: () => void }) {
  const t = useTranslations();
  return (
    <Dialog open={connector !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t("common.close")} className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-xl" data-testid="connector-view">
        {connector && (
          <>
            <DialogHeader>
              <DialogTitle>{connector.name}</DialogTitle>
              <DialogDescription>{t(`connectors.kindDescriptions.${connector.kind}`)}</DialogDescription>
            </DialogHeader>
            <ConnectorProperties connector={connector} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
