import "server-only";
import { ROLE_LEVEL_LABELS } from "@/lib/people/constants";
import type { z } from "zod";
import type {
  connectorUsageOutputSchema,
  explainRulesOutputSchema,
  fabricStatusOutputSchema,
  guideTaskOutputSchema,
  inventoryOutputSchema,
  lifecycleOutputSchema,
  listInvitationsOutputSchema,
  listUsersOutputSchema,
  blastRadiusOutputSchema,
  listOrganizationsOutputSchema,
  listPathsOutputSchema,
  nodeStatusOutputSchema,
  pathDetailOutputSchema,
  pathStatisticsOutputSchema,
  siteDetailOutputSchema,
  siteTrafficOutputSchema,
  Unresolved,
} from "@/lib/assistant/tool-schemas";
import type { ActionOutput } from "@/lib/assistant/action-schemas";
import type { Locale } from "@/lib/constants";
import { formatMbps, formatMetric, formatNumber, formatTime, moreLine, siteTypeLabel, type Translator } from "./format";

// The embedded model's answers for the tools over live data and the product's rules (issue 16): each output written
// out in the reader's language as Markdown (bullets, bold names). Figures, names and user-written text come from the
// outputs — user-written text always quoted — and the words from the catalogue.

export interface Writer {
  t: Translator;
  locale: Locale;
  /** The user's time zone, in which times are written. */
  timeZone: string;
}

type Out<T extends z.ZodType> = z.infer<T>;

const LIST_ITEM = /^\s*(?:[-*]|\d+\.) /;

/**
 * An answer's lines, one after another. A line that is not a list item right after one is set apart by a blank line:
 * in Markdown it would otherwise run on inside the list's last item ("…: healthy Which one do you mean?").
 */
export const lines = (...parts: (string | null | false | undefined)[]) =>
  parts
    .filter((part): part is string => Boolean(part))
    .reduce((text, part, index) => {
      if (index === 0) return part;
      const after = LIST_ITEM.test(text.slice(text.lastIndexOf("\n") + 1)) && !LIST_ITEM.test(part) ? "\n\n" : "\n";
      return text + after + part;
    }, "");

/** User-written text, quoted as data: one line, no Markdown of its own, never read as an instruction. */
export function quoted(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const cut = flat.length > max ? `${flat.slice(0, max)}…` : flat;
  return cut.replace(/([\\`*_[\]<>#|])/g, "\\$1");
}

/** A name that matched nothing visible, or several things: "I cannot see …" or the candidates and a question. */
export function unresolvedText(output: Unresolved, { t }: Writer): string {
  if (output.status === "not-visible") return t("assistant.notVisible", { query: quoted(output.query, 100) });
  return lines(
    t("assistant.ambiguous", { query: quoted(output.query, 100) }),
    ...output.candidates.map((candidate) => (candidate.detail ? `- ${quoted(candidate.name)} (${quoted(candidate.detail)})` : `- ${quoted(candidate.name)}`)),
    t("assistant.sla.ambiguousAsk"),
  );
}

const metric = (writer: Writer, name: "latencyMs" | "jitterMs" | "lossPercent", value: number | null) => formatMetric(writer.t, writer.locale, name, value);

/** Paths counted by state or layer, or their bandwidth summed, as asked: the counts said as counts. */
export function pathAggregates(output: Out<typeof listPathsOutputSchema>, writer: Writer): (string | false)[] {
  const { t, locale } = writer;
  const label = (key: string) => (output.groupBy === "layer" ? t(`assistant.paths.layers.${key as "layer2"}`) : t(`assistant.sla.states.${key as "healthy"}`));
  return [
    output.groupBy !== null && t("assistant.paths.groupHeader", { organization: output.organizationName, total: output.total, by: output.groupBy }),
    ...(output.groupBy === null ? [] : output.groups).map((group) =>
      t("assistant.paths.groupLine", { group: label(group.key), count: group.count, bandwidth: formatMbps(t, locale, group.bandwidthMbps) }),
    ),
    output.totalBandwidthMbps !== null && t("assistant.paths.totalBandwidth", { total: output.total, bandwidth: formatMbps(t, locale, output.totalBandwidthMbps) }),
  ];
}

function bandwidthBounds(output: Out<typeof listPathsOutputSchema>, { t, locale }: Writer): string {
  const [min, max] = [output.minBandwidthMbps, output.maxBandwidthMbps].map((mbps) => (mbps === null ? null : formatMbps(t, locale, mbps)));
  if (min !== null && max !== null) return t("assistant.paths.bandwidthBetween", { min, max });
  return min !== null ? t("assistant.paths.bandwidthAtLeast", { min }) : t("assistant.paths.bandwidthAtMost", { max: max ?? "" });
}

export function pathList(output: Out<typeof listPathsOutputSchema>, writer: Writer): string {
  const { t } = writer;
  // "How many paths per state?": the counts are the answer, not the list.
  if (output.groupBy !== null) return lines(...pathAggregates(output, writer));
  // "and globex?": words no path's or site's name holds are said not found, not "0 paths".
  if (output.query && output.scanned === 0) return t("assistant.sla.notFound", { query: quoted(output.query, 100) });
  const header =
    output.health === "unhealthy"
      ? output.total === 0
        ? t("assistant.paths.allHealthy", { organization: output.organizationName, scanned: output.scanned })
        : t("assistant.paths.unhealthyHeader", { organization: output.organizationName, total: output.total })
      : output.health === "all"
        ? t("assistant.paths.header", { organization: output.organizationName, total: output.total })
        : // One state asked for ("how many are in warning?"): exactly that state, counted.
          t("assistant.paths.stateCount", { total: output.total, scanned: output.scanned, organization: output.organizationName, state: t(`assistant.sla.states.${output.health}`) });
  // "Paths over 500 Mbps": the bounds said, and each path's bandwidth.
  const bounded = output.minBandwidthMbps !== null || output.maxBandwidthMbps !== null;
  return lines(
    ...pathAggregates(output, writer),
    bounded && bandwidthBounds(output, writer),
    header,
    ...output.paths.flatMap((path) => [
      t("assistant.paths.line", { path: quoted(path.name), source: quoted(path.sourceSiteName), destination: quoted(path.destinationSiteName), state: t(`assistant.sla.states.${path.sla}`) }),
      bounded && path.bandwidthMbps !== null && t("assistant.paths.bandwidthLine", { bandwidth: formatMbps(t, writer.locale, path.bandwidthMbps) }),
      path.prefixes.length > 0 && t("assistant.paths.prefixes", { prefixes: path.prefixes.join(", ") }),
      ...path.breaches.map((breach) =>
        t("assistant.paths.breach", {
          metric: t(`assistant.sla.metrics.${breach.metric}`),
          value: metric(writer, breach.metric, breach.value),
          level: t(`assistant.sla.levels.${breach.level}`),
          threshold: metric(writer, breach.metric, breach.threshold),
        }),
      ),
    ]),
    moreLine(t, output.paths.length, output.total),
  );
}

export function pathStatistics(output: Out<typeof pathStatisticsOutputSchema>, writer: Writer): string {
  if (output.status !== "found") return unresolvedText(output, writer);
  const { t, locale, timeZone } = writer;
  const values = { metric: t(`assistant.sla.metrics.${output.metric}`), path: quoted(output.path.name), from: formatTime(locale, output.from, timeZone), to: formatTime(locale, output.to, timeZone) };
  if (output.points === 0 || output.average === null) return t("assistant.stats.none", values);
  return lines(
    t("assistant.stats.header", { ...values, points: output.points }),
    t("assistant.stats.average", { value: metric(writer, output.metric, output.average) }),
    t("assistant.stats.p95", { value: metric(writer, output.metric, output.p95) }),
    t("assistant.stats.range", { min: metric(writer, output.metric, output.min), max: metric(writer, output.metric, output.max) }),
    t("assistant.stats.state", { path: quoted(output.path.name), state: t(`assistant.sla.states.${output.path.sla}`) }),
  );
}

/** "45 d 3 h", "5 h 12 min": an uptime as the node's monitor page writes it. */
function uptimeText(t: Translator, seconds: number): string {
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return t("assistant.node.uptimeDays", { days, hours });
  if (hours > 0) return t("assistant.node.uptimeHours", { hours, minutes });
  return t("assistant.node.uptimeMinutes", { minutes });
}

export function nodeStatus(output: Out<typeof nodeStatusOutputSchema>, writer: Writer): string {
  if (output.status !== "found") return unresolvedText(output, writer);
  const { t, locale, timeZone } = writer;
  const { device, ports, connectedSites } = output;
  const count = (state: string | null) => ports.filter((port) => port.status === state).length;
  const down = ports.filter((port) => port.status === "down").map((port) => port.portId);
  const percent = (value: number | null) => (value === null ? t("assistant.sla.notAvailable") : t("assistant.units.percent", { value: formatNumber(locale, value) }));
  return lines(
    t("assistant.node.header", { node: quoted(output.node.name), kind: t(`assistant.node.kinds.${output.node.kind as "edge"}`) }),
    device
      ? t(device.reachable ? "assistant.node.reachable" : "assistant.node.unreachable", {
          serial: device.serialNumber,
          model: quoted(device.model),
          version: quoted(device.softwareVersion),
          time: device.lastSeenAt ? formatTime(locale, device.lastSeenAt, timeZone) : t("assistant.node.never"),
        })
      : t("assistant.node.noDevice"),
    device && (device.uptimeSeconds === null ? t("assistant.node.noUptime") : t("assistant.node.uptime", { uptime: uptimeText(t, device.uptimeSeconds) })),
    device &&
      (device.cpuPercent === null && device.memoryPercent === null
        ? t("assistant.node.noLoad")
        : t("assistant.node.load", { cpu: percent(device.cpuPercent), memory: percent(device.memoryPercent) })),
    // Asked for, the sites the node serves come before its front panel.
    connectedSites &&
      (connectedSites.total === 0 ? t("assistant.node.noSites") : t("assistant.node.sitesHeader", { sites: connectedSites.total, customers: connectedSites.customers })),
    ...(connectedSites?.sites ?? []).map((site) =>
      t("assistant.node.siteLine", { site: quoted(site.name), organization: quoted(site.organizationName), ports: site.ports.map((port) => quoted(port)).join(", "), state: t(`assistant.sla.states.${site.sla}`) }),
    ),
    connectedSites && moreLine(t, connectedSites.sites.length, connectedSites.total),
    ports.length > 0 && t("assistant.node.ports", { up: count("up"), down: count("down"), disabled: count("disabled"), silent: count(null) }),
    ports.length > 0 && (down.length > 0 ? t("assistant.node.down", { ports: down.join(", ") }) : t("assistant.node.noneDown")),
    ...ports.slice(0, 32).map((port) => `- ${t("assistant.labelled", { label: quoted(port.portId), value: t(`assistant.node.portStates.${port.status ?? "silent"}`) })}`),
  );
}

export function pathDetail(output: Out<typeof pathDetailOutputSchema>, writer: Writer): string {
  if (output.status !== "found") return unresolvedText(output, writer);
  const { t, locale } = writer;
  const { path } = output;
  return lines(
    t("assistant.pathDetail.header", {
      path: quoted(path.name),
      layer: t(`assistant.pathDetail.layers.${path.layer}`),
      source: quoted(path.sourceSiteName),
      sourceConnector: quoted(path.sourceConnectorName),
      destination: quoted(path.destinationSiteName),
      destinationConnector: quoted(path.destinationConnectorName),
      bandwidth: formatMbps(t, locale, path.bandwidthMbps),
      state: t(`assistant.sla.states.${path.sla}`),
    }),
    path.vlanType === "specific" && path.vlanId !== null ? t("assistant.pathDetail.vlanSpecific", { vlan: String(path.vlanId) }) : t("assistant.pathDetail.vlanAll"),
    path.prefixes.length > 0 ? t("assistant.pathDetail.prefixes", { count: path.prefixes.length }) : t("assistant.pathDetail.noPrefixes"),
    ...path.prefixes.map((prefix) => `- ${quoted(prefix)}`),
  );
}

export function fabricStatus(output: Out<typeof fabricStatusOutputSchema>, writer: Writer): string {
  if (output.status === "external") {
    const { t, locale, timeZone } = writer;
    if (output.total === 0) return t("assistant.fabric.noExternal");
    return lines(
      t("assistant.fabric.externalHeader", { total: output.total }),
      ...output.externalFabrics.map((fabric) =>
        t("assistant.fabric.externalLine", { fabric: quoted(fabric.name), type: t(`assistant.fabric.externalTypes.${fabric.type as "equinix"}`), time: formatTime(locale, fabric.createdAt, timeZone) }),
      ),
      moreLine(t, output.externalFabrics.length, output.total),
    );
  }
  if (output.status === "not-visible" && output.query === "") return writer.t("assistant.fabric.none");
  if (output.status !== "found") return unresolvedText(output, writer);
  const { t } = writer;
  const metric = (name: "latencyMs" | "lossPercent", value: number | null) => formatMetric(t, writer.locale, name, value);
  const pairs = output.mesh.missingPairs.map((pair) => `${quoted(pair.a)} ⇄ ${quoted(pair.b)}`).join(", ");
  return lines(
    t("assistant.fabric.header", { fabric: quoted(output.fabric.name), health: t(`assistant.fabric.health.${output.fabric.health}`) }),
    t("assistant.fabric.nodes", { count: output.nodes.length }),
    ...output.nodes.map((node) =>
      node.serialNumber === null
        ? t("assistant.fabric.nodeNoDevice", { node: quoted(node.name) })
        : t(node.reachable ? "assistant.fabric.nodeReachable" : "assistant.fabric.nodeUnreachable", { node: quoted(node.name), serial: node.serialNumber }),
    ),
    t("assistant.fabric.links", { count: output.linkCount }),
    ...output.fabricLinks.map((link) =>
      t("assistant.fabric.linkLine", {
        link: quoted(link.name),
        source: quoted(link.sourceNodeName),
        destination: quoted(link.destinationNodeName),
        status: t(`assistant.fabric.linkStatus.${link.status ?? "none"}`),
        health: t(`assistant.fabric.linkHealth.${link.health}`),
        figures: link.latencyMs === null && link.lossPercent === null ? "" : t("assistant.fabric.linkFigures", { latency: metric("latencyMs", link.latencyMs), loss: metric("lossPercent", link.lossPercent) }),
      }),
    ),
    moreLine(t, output.fabricLinks.length, output.linkCount),
    output.mesh.complete ? t("assistant.fabric.meshComplete") : t("assistant.fabric.meshMissing", { pairs }),
  );
}

const ROLE_LABELS = { admin: "admin", configure: "configure", "read-only": "readOnly" } as const;

export function invitations(output: Out<typeof listInvitationsOutputSchema>, writer: Writer): string {
  const { t, locale, timeZone } = writer;
  const organization = quoted(output.organizationName);
  if (output.total === 0) return output.status ? t("assistant.invitations.noneOfStatus", { status: output.status, organization }) : t("assistant.invitations.none", { organization });
  return lines(
    output.status ? t("assistant.invitations.headerOfStatus", { status: output.status, total: output.total, organization }) : t("assistant.invitations.header", { total: output.total, organization }),
    ...output.invitations.map((invitation) =>
      t("assistant.invitations.line", {
        email: quoted(invitation.email),
        role: t(`people.roles.${ROLE_LABELS[invitation.role]}`),
        status: t(`assistant.invitations.statuses.${invitation.status}`),
        by: invitation.invitedBy ? t("assistant.invitations.by", { person: quoted(invitation.invitedBy) }) : "",
        time: formatTime(locale, invitation.expiresAt, timeZone),
      }),
    ),
    moreLine(t, output.invitations.length, output.total),
  );
}

export function blastRadius(output: Out<typeof blastRadiusOutputSchema>, writer: Writer): string {
  if (output.status !== "found") return unresolvedText(output, writer);
  const { t } = writer;
  const node = quoted(output.node.name);
  if (output.pathCount === 0) return t("assistant.impact.none", { node });
  return lines(
    t("assistant.impact.header", { node, paths: output.pathCount, customers: output.customers.length }),
    ...output.customers.map((customer) => t("assistant.impact.customer", { customer: quoted(customer.name), paths: customer.pathCount, sla: t(`assistant.sla.states.${customer.worstSla}`) })),
    t("assistant.impact.paths"),
    ...output.paths.map((path) => `- ${quoted(path.name)} (${quoted(path.organizationName)}): ${t(`assistant.sla.states.${path.sla}`)}`),
    moreLine(t, output.paths.length, output.pathCount),
  );
}

export function users(output: Out<typeof listUsersOutputSchema>, writer: Writer): string {
  const { t, locale, timeZone } = writer;
  const organization = quoted(output.organizationName);
  const role = (level: keyof typeof ROLE_LABELS) => t(`people.roles.${ROLE_LABELS[level]}`);
  return lines(
    output.role ? t("assistant.users.headerOfRole", { total: output.total, organization, role: role(output.role) }) : t("assistant.users.header", { total: output.total, organization }),
    output.role === null &&
      t("assistant.users.byRole", { admin: output.byRole.admin ?? 0, configure: output.byRole.configure ?? 0, readOnly: output.byRole["read-only"] ?? 0 }),
    ...output.users.map((user) =>
      t("assistant.users.line", {
        name: quoted(user.name),
        email: quoted(user.email),
        role: role(user.role),
        seen: user.lastSignInAt ? t("assistant.users.lastSignIn", { time: formatTime(locale, user.lastSignInAt, timeZone) }) : t("assistant.users.neverSignedIn"),
      }),
    ),
    moreLine(t, output.users.length, output.total),
  );
}

export function inventory(output: Out<typeof inventoryOutputSchema>, writer: Writer): string {
  const { t, locale, timeZone } = writer;
  if (output.groupBy === "version" || output.groupBy === "model") {
    return lines(
      t("assistant.inventory.byGroupHeader", { total: output.total, by: output.groupBy }),
      ...output.groups.map((group) => t("assistant.groups.line", { group: group.key || "—", count: group.count })),
    );
  }
  if (output.byStatus) {
    const counts = output.byStatus;
    return lines(
      t("assistant.inventory.byStatusHeader", { total: Object.values(counts).reduce((sum, count) => sum + count, 0) }),
      t("assistant.inventory.byStatusLine", { status: t("assistant.inventory.assignedStatus"), count: counts.assigned ?? 0 }),
      t("assistant.inventory.byStatusLine", { status: t("assistant.inventory.statuses.unassigned"), count: counts.unassigned ?? 0 }),
      t("assistant.inventory.byStatusLine", { status: t("assistant.inventory.statuses.unclaimed"), count: counts.unclaimed ?? 0 }),
    );
  }
  if (output.total === 0) {
    if (output.silent) return t("assistant.inventory.allReporting");
    return output.query ? t("assistant.notVisible", { query: quoted(output.query, 100) }) : t("assistant.inventory.none");
  }
  return lines(
    output.silent ? t("assistant.inventory.silentHeader", { total: output.total }) : t("assistant.inventory.header", { total: output.total }),
    ...output.devices.map((device) =>
      t("assistant.inventory.line", {
        serial: device.serialNumber,
        model: quoted(device.model),
        version: quoted(device.softwareVersion),
        status:
          device.status === "assigned"
            ? t("assistant.inventory.assigned", { node: quoted(device.nodeName ?? "") })
            : t(`assistant.inventory.statuses.${device.status}`),
        reach:
          device.reachable === null
            ? ""
            : device.reachable
              ? t("assistant.inventory.reachable")
              : device.lastSeenAt
                ? t("assistant.inventory.unreachable", { time: formatTime(locale, device.lastSeenAt, timeZone) })
                : t("assistant.inventory.neverReported"),
      }),
    ),
    moreLine(t, output.devices.length, output.total),
  );
}

export function lifecycle(output: Out<typeof lifecycleOutputSchema>, writer: Writer): string {
  const { t, locale, timeZone } = writer;
  if (output.total === 0) return output.device ? t("assistant.lifecycle.noneFor", { device: quoted(output.device) }) : t("assistant.lifecycle.none");
  return lines(
    t("assistant.lifecycle.header", { total: output.total }),
    ...output.operations.map((operation) =>
      t("assistant.lifecycle.line", {
        serial: operation.serialNumber,
        node: operation.nodeName ? ` (${quoted(operation.nodeName)})` : "",
        operation: operation.operation === "reboot" ? t("assistant.lifecycle.reboot") : t("assistant.lifecycle.install", { version: quoted(operation.version ?? "") }),
        status: t(`assistant.lifecycle.statuses.${operation.status}`),
        time: formatTime(locale, operation.finishedAt ?? operation.startedAt ?? operation.scheduledAt, timeZone),
        progress: operation.status === "active" ? t("assistant.lifecycle.progress", { progress: operation.progress }) : "",
        summary: operation.summary ? ` — ${quoted(operation.summary)}` : "",
      }),
    ),
    moreLine(t, output.operations.length, output.total),
  );
}

export function connectorUsage(output: Out<typeof connectorUsageOutputSchema>, writer: Writer): string {
  if (output.status !== "found") return unresolvedText(output, writer);
  const { t, locale } = writer;
  const mbps = (value: number) => formatMbps(t, locale, value);
  const { connector } = output;
  return lines(
    output.request &&
      t(output.request.fits ? "assistant.connector.fits" : "assistant.connector.doesNotFit", {
        bandwidth: mbps(output.request.bandwidthMbps),
        connector: quoted(connector.name),
        free: mbps(output.freeMbps),
        total: mbps(connector.bandwidthMbps),
      }),
    t("assistant.connector.header", { connector: quoted(connector.name), site: quoted(connector.siteName), bandwidth: mbps(connector.bandwidthMbps) }),
    t("assistant.connector.load", { used: mbps(output.usedMbps), free: mbps(output.freeMbps), paths: output.paths.length }),
    ...output.paths.map((path) => `- ${t("assistant.labelled", { label: quoted(path.name), value: mbps(path.bandwidthMbps) })}`),
    // "up or down?": no sample at all says its status is unknown, not nothing.
    !output.now && t("assistant.connector.noNow"),
    output.now &&
      t(output.now.status === "down" ? "assistant.connector.nowDown" : output.now.status === "up" ? "assistant.connector.nowUp" : "assistant.connector.now", {
        rx: mbps(output.now.rxMbps),
        tx: mbps(output.now.txMbps),
        percent: t("assistant.units.percent", { value: formatNumber(locale, output.now.utilizationPercent) }),
        at: formatTime(locale, output.now.at, writer.timeZone),
      }),
    output.traffic
      ? t("assistant.connector.traffic", {
          rx: mbps(output.traffic.rxMbps),
          tx: mbps(output.traffic.txMbps),
          percent: t("assistant.units.percent", { value: formatNumber(locale, output.traffic.utilizationPercent) }),
        })
      : t("assistant.connector.noTraffic"),
  );
}

const bytes = (locale: Locale, value: number) =>
  value >= 1e9 ? `${formatNumber(locale, value / 1e9)} GB` : value >= 1e6 ? `${formatNumber(locale, value / 1e6)} MB` : `${formatNumber(locale, value / 1e3)} kB`;

export function siteTraffic(output: Out<typeof siteTrafficOutputSchema>, writer: Writer): string {
  if (output.status !== "found") return unresolvedText(output, writer);
  const { t, locale, timeZone } = writer;
  const mbps = (value: number) => formatMbps(t, locale, value);
  const range = { site: quoted(output.site.name), from: formatTime(locale, output.from, timeZone), to: formatTime(locale, output.to, timeZone) };
  const change = output.previous?.changePercent ?? null;
  const { current } = output;
  // Asked for now, the latest samples lead and the range's average follows; else they close the answer.
  const now = current ? t("assistant.traffic.now", { site: range.site, rx: mbps(current.rxMbps), tx: mbps(current.txMbps), time: current.at ? formatTime(locale, current.at, timeZone) : "" }) : t("assistant.traffic.noNow", range);
  return lines(
    output.now && now,
    output.average
      ? t("assistant.traffic.average", { ...range, rx: mbps(output.average.rxMbps), tx: mbps(output.average.txMbps) })
      : t("assistant.traffic.none", range),
    output.peak && t("assistant.traffic.peak", { rx: mbps(output.peak.rxMbps), tx: mbps(output.peak.txMbps) }),
    output.previous &&
      (change === null
        ? t("assistant.traffic.noPrevious")
        : t(change >= 0 ? "assistant.traffic.up" : "assistant.traffic.down", {
            percent: t("assistant.units.percent", { value: formatNumber(locale, Math.abs(change)) }),
            rx: mbps(output.previous.rxMbps),
            tx: mbps(output.previous.txMbps),
          })),
    output.talkers && output.talkers.sources.length + output.talkers.destinations.length === 0 && t("assistant.traffic.noTalkers"),
    output.talkers && output.talkers.sources.length > 0 && t("assistant.traffic.sources"),
    ...(output.talkers?.sources ?? []).map((talker) => `- ${t("assistant.labelled", { label: quoted(talker.name), value: bytes(locale, talker.bytes) })}`),
    output.talkers && output.talkers.destinations.length > 0 && t("assistant.traffic.destinations"),
    ...(output.talkers?.destinations ?? []).map((talker) => `- ${t("assistant.labelled", { label: quoted(talker.name), value: bytes(locale, talker.bytes) })}`),
    !output.now && current && t("assistant.traffic.nowShort", { rx: mbps(current.rxMbps), tx: mbps(current.txMbps) }),
  );
}

export function siteDetail(output: Out<typeof siteDetailOutputSchema>, writer: Writer): string {
  if (output.status !== "found") return unresolvedText(output, writer);
  const { t, locale } = writer;
  const { site } = output;
  return lines(
    t("assistant.site.header", { site: quoted(site.name), type: siteTypeLabel(t, site.type), city: quoted(site.city), organization: quoted(site.organizationName) }),
    t(site.active ? "assistant.site.active" : "assistant.site.inactive"),
    site.description.trim() ? t("assistant.site.description", { description: quoted(site.description) }) : t("assistant.site.noDescription"),
    output.connectors.length > 0 ? t("assistant.site.connectors") : t("assistant.site.noConnectors"),
    ...output.connectors.map((connector) => `- ${quoted(connector.name)} (${t(`assistant.site.kinds.${connector.kind as "physical"}`)}, ${formatMbps(t, locale, connector.bandwidthMbps)})`),
    output.paths.length > 0 ? t("assistant.site.paths") : t("assistant.site.noPaths"),
    ...output.paths.map((path) => `- ${t("assistant.labelled", { label: quoted(path.name), value: t(`assistant.sla.states.${path.sla}`) })}`),
    output.probes.length > 0 && t("assistant.site.probes"),
    ...output.probes.map((probe) =>
      t("assistant.site.probe", {
        target: quoted(probe.target),
        level: t(`dashboard.health.${probe.level}`),
        latency: metric(writer, "latencyMs", probe.latencyMs),
        jitter: metric(writer, "jitterMs", probe.jitterMs),
        loss: metric(writer, "lossPercent", probe.lossPercent),
      }),
    ),
  );
}

export function organizations(output: Out<typeof listOrganizationsOutputSchema>, { t }: Writer): string {
  return lines(
    t("assistant.organizations.header"),
    ...output.organizations.map((organization) =>
      organization.customers !== null
        ? t("assistant.organizations.mspCounts", { organization: quoted(organization.name), customers: organization.customers })
        : organization.sites === null
          ? `- ${quoted(organization.name)}`
          : t("assistant.organizations.counts", { organization: quoted(organization.name), sites: organization.sites, paths: organization.paths ?? 0 }),
    ),
    !output.seesAll && t("assistant.organizations.others"),
  );
}

export function rules(output: Out<typeof explainRulesOutputSchema>, writer: Writer): string {
  const { t, locale } = writer;
  const values = Object.fromEntries(Object.entries(output.values).map(([key, value]) => [key, typeof value === "number" ? formatNumber(locale, value) : Array.isArray(value) ? value.join(", ") : value]));
  if (output.topic === "probeLevels") {
    const levels = (output.values.levels as string[]) ?? [];
    return lines(t("assistant.rules.probeLevels"), ...levels.map((level) => `- ${t("assistant.labelled", { label: t(`dashboard.health.${level}` as never), value: t(`assistant.rules.probe.${level}` as never) })}`));
  }
  if (output.topic === "slaThresholds") {
    const ms = (value: unknown) => formatMetric(t, locale, "latencyMs", Number(value));
    const pct = (value: unknown) => formatMetric(t, locale, "lossPercent", Number(value));
    const v = output.values;
    return t("assistant.rules.slaThresholds", {
      latencyWarning: ms(v.latencyWarning),
      latencyBad: ms(v.latencyBad),
      jitterWarning: ms(v.jitterWarning),
      jitterBad: ms(v.jitterBad),
      lossWarning: pct(v.lossWarning),
      lossBad: pct(v.lossBad),
    });
  }
  return t(`assistant.rules.${output.topic}` as never, values as never);
}

export function guideTask(output: Out<typeof guideTaskOutputSchema>, { t, locale }: Writer): string {
  return lines(
    output.about,
    output.may || output.role ? `**${mayAnswer(output, t, locale)}**` : null,
    t((output.variant ? `assistant.guide.tasks.${output.task}.${output.variant}.title` : `assistant.guide.tasks.${output.task}.title`) as never),
    ...output.steps.map((step, index) => `${index + 1}. ${step}`),
    // The roles' table is no task the reader does: their own role is its first line.
    output.role || output.task === "roles" ? null : output.allowed ? t("assistant.guide.canWrite") : t("assistant.guide.notAllowed"),
  );
}

/** "Can a read-only user acknowledge alarms?", "can I reboot a box?": yes or no first, and who may when not. */
function mayAnswer(output: Out<typeof guideTaskOutputSchema>, t: Writer["t"], locale: Writer["locale"]): string {
  const action = t(`assistant.guide.may.actions.${output.task}`);
  const roles = new Intl.ListFormat(locale, { type: "disjunction" }).format(output.allowedRoles.map((level) => t(ROLE_LEVEL_LABELS[level])));
  if (!output.allowed && output.allowedRoles.length === 0) return t("assistant.guide.may.nobody", { action });
  if (output.role) return t(output.allowed ? "assistant.guide.may.yes" : "assistant.guide.may.no", { role: t(ROLE_LEVEL_LABELS[output.role]), action, roles });
  return t(output.allowed ? "assistant.guide.may.youYes" : "assistant.guide.may.youNo", { role: output.askerRole ? t(ROLE_LEVEL_LABELS[output.askerRole]) : "", action, roles });
}

/** An approved action's result: what was done (the links open the result). */
export const actionDone = (output: ActionOutput) => output.done;
