import "server-only";
import type { z } from "zod";
import type { ListSitesOutput } from "@/lib/assistant/tools";
import type { listConnectorsOutputSchema, listLinksOutputSchema, listNodesOutputSchema, listOrganizationsOutputSchema, listPathsOutputSchema } from "@/lib/assistant/tool-schemas";
import { formatMbps, formatMetric, formatNumber } from "./format";
import { lines, pathAggregates, quoted, type Writer } from "./summaries-live";

// The answers of rankings and counts (issue 40, scope 3): each ranked item with the figure it is ranked by, and the
// count asked for said as a number ("0 of the 4 paths of Contoso are in warning").

type Out<T extends z.ZodType> = z.infer<T>;

type PathsOutput = Out<typeof listPathsOutputSchema>;

/** The figure a ranking of paths is by, for one path, as people read it. */
function pathFigure(path: PathsOutput["paths"][number], sort: PathsOutput["sort"], writer: Writer): string {
  const { t, locale } = writer;
  if (sort === "bandwidth") return path.bandwidthMbps === null ? t("assistant.paths.notMeasured") : formatMbps(t, locale, path.bandwidthMbps);
  const metric = sort === "jitter" ? "jitterMs" : sort === "loss" ? "lossPercent" : "latencyMs";
  const value = path[metric];
  return value === null ? t("assistant.paths.notMeasured") : formatMetric(t, locale, metric, value);
}

/** Paths ranked by a figure, each with its value and state. */
export function rankedPaths(output: PathsOutput, writer: Writer): string {
  const { t } = writer;
  const figure =
    output.sort === "bandwidth" ? t("assistant.paths.bandwidth") : t(`assistant.sla.metrics.${output.sort === "jitter" ? "jitterMs" : output.sort === "loss" ? "lossPercent" : "latencyMs"}`);
  return lines(
    ...pathAggregates(output, writer),
    t("assistant.paths.ranked", { organization: output.organizationName, figure, order: output.order, shown: output.paths.length < output.total ? output.paths.length : 0 }),
    ...output.paths.map((path, index) =>
      t("assistant.paths.rankedLine", {
        rank: index + 1,
        path: quoted(path.name),
        source: quoted(path.sourceSiteName),
        destination: quoted(path.destinationSiteName),
        value: pathFigure(path, output.sort, writer),
        state: t(`assistant.sla.states.${path.sla}`),
      }),
    ),
  );
}

/** Sites ranked by their traffic now (null: another list, written by the sites' own summary). */
export function rankedSites(output: ListSitesOutput, writer: Writer): string | null {
  const { t, locale } = writer;
  if (output.sort !== "traffic") return null;
  const mbps = (bps: number) => formatMbps(t, locale, bps / 1e6);
  return lines(
    t("assistant.sites.byTraffic", { organization: output.organizationName }),
    ...output.sites.map((site, index) =>
      (site.rxBps ?? null) === null && (site.txBps ?? null) === null
        ? t("assistant.sites.noTraffic", { rank: index + 1, site: quoted(site.name) })
        : t("assistant.sites.trafficLine", { rank: index + 1, site: quoted(site.name), total: mbps((site.rxBps ?? 0) + (site.txBps ?? 0)), rx: mbps(site.rxBps ?? 0), tx: mbps(site.txBps ?? 0) }),
    ),
  );
}

/** Customer organizations ranked by their sites or paths, each with both counts. */
export function rankedOrganizations(output: Out<typeof listOrganizationsOutputSchema>, { t }: Writer): string | null {
  if (output.sort === "name") return null;
  const customers = output.organizations.filter((organization) => organization.sites !== null);
  return lines(
    t(output.sort === "paths" ? "assistant.organizations.byPaths" : "assistant.organizations.bySites"),
    ...customers.map((organization) => t("assistant.organizations.counts", { organization: quoted(organization.name), sites: organization.sites ?? 0, paths: organization.paths ?? 0 })),
  );
}

export function connectors(output: Out<typeof listConnectorsOutputSchema>, writer: Writer): string {
  const { t, locale } = writer;
  if (output.total === 0) return t("assistant.connectors.none", { organization: output.organizationName });
  const mbps = (value: number) => formatMbps(t, locale, value);
  return lines(
    t("assistant.connectors.header", { organization: output.organizationName, total: output.total, sort: output.sort, order: output.order }),
    ...output.connectors.map((connector, index) =>
      t("assistant.connectors.line", {
        rank: index + 1,
        connector: quoted(connector.name),
        site: quoted(connector.siteName),
        utilisation:
          connector.utilizationPercent === null
            ? t("assistant.connectors.noReport")
            : t("assistant.connectors.utilisation", {
                percent: t("assistant.units.percent", { value: formatNumber(locale, connector.utilizationPercent) }),
                rx: mbps(connector.rxMbps ?? 0),
                tx: mbps(connector.txMbps ?? 0),
              }),
        bandwidth: mbps(connector.bandwidthMbps),
        paths: connector.paths,
        allocated: mbps(connector.allocatedMbps),
        free: mbps(connector.freeMbps),
      }),
    ),
  );
}

export function nodes(output: Out<typeof listNodesOutputSchema>, { t }: Writer): string {
  const kind = output.kind ? t("assistant.nodes.kindPrefix", { kind: t(`assistant.node.kinds.${output.kind}`) }) : "";
  const unreachable = output.nodes.filter((node) => node.reachable === false);
  const line = (node: (typeof output.nodes)[number]) =>
    t("assistant.nodes.line", {
      node: quoted(node.name),
      kind: t(`assistant.node.kinds.${node.kind}`),
      state: t(node.reachable === null ? "assistant.nodes.noDevice" : node.reachable ? "assistant.nodes.reachable" : "assistant.nodes.unreachable"),
    });
  if (output.groups.length > 0) {
    return lines(
      t("assistant.nodes.byKindHeader", { total: output.total }),
      ...output.groups.map((group) => t("assistant.groups.line", { group: t(`assistant.node.kinds.${group.key}`), count: group.count })),
      output.total > 0 && (output.unreachable === 0 ? t("assistant.nodes.noneUnreachable") : t("assistant.nodes.someUnreachable", { count: output.unreachable })),
      ...unreachable.map(line),
    );
  }
  if (output.unreachableOnly) return lines(t("assistant.nodes.unreachableHeader", { total: output.total, kind }), ...unreachable.map(line));
  return lines(
    t("assistant.nodes.header", { total: output.total, kind }),
    output.total > 0 && (output.unreachable === 0 ? t("assistant.nodes.noneUnreachable") : t("assistant.nodes.someUnreachable", { count: output.unreachable })),
    ...unreachable.map(line),
    output.withoutDevice > 0 && t("assistant.nodes.withoutDevice", { count: output.withoutDevice }),
    ...output.nodes.filter((node) => node.reachable !== false).map(line),
  );
}

export function backbone(output: Out<typeof listLinksOutputSchema>, writer: Writer): string {
  const { t, locale } = writer;
  const count = (health: string) => output.counts[health] ?? 0;
  const sick = output.items.filter((link) => link.health === "unhealthy" || link.health === "warning");
  const header =
    output.health === "unhealthy" && sick.length === 0
      ? count("unknown") === 0
        ? t("assistant.backbone.allHealthy", { scanned: output.scanned })
        : t("assistant.backbone.noneUnhealthy", { healthy: count("healthy"), unknown: count("unknown"), scanned: output.scanned })
      : output.health === "unhealthy"
        ? t("assistant.backbone.header", { total: output.total, scanned: output.scanned })
        : t(output.core ? "assistant.backbone.allCore" : "assistant.backbone.all", { scanned: output.scanned, unhealthy: count("unhealthy"), warning: count("warning"), healthy: count("healthy"), unknown: count("unknown") });
  return lines(
    header,
    ...(output.health === "unhealthy" ? sick : output.items).map((link) =>
      t("assistant.backbone.line", {
        link: quoted(link.name),
        source: quoted(link.sourceNodeName),
        destination: quoted(link.destinationNodeName),
        health: link.status === "down" ? t("assistant.backbone.down") : t(`assistant.backbone.health.${link.health as "healthy"}`),
        figures:
          link.latencyMs === null && link.lossPercent === null
            ? ""
            : t("assistant.backbone.figures", { latency: formatMetric(t, locale, "latencyMs", link.latencyMs), loss: formatMetric(t, locale, "lossPercent", link.lossPercent) }),
      }),
    ),
  );
}
