"use client";

import { Building2, Network, Plug, Router, Server, type LucideIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { PathTopology, TopologyConnection, TopologyElement, TopologyElementType } from "@/lib/paths/topology-schema";
import { DEFAULT_LAYOUT, layoutRoute } from "./layout";
import { TONE_COLOR } from "./tones";
import { useTopologyFormat } from "./use-topology-format";

const ICONS: Record<TopologyElementType, LucideIcon> = { site: Building2, connector: Plug, edge: Router, cpe: Server, core: Network };
const RADIUS = 26;
const ICON = 22;
const NAME_MAX = 22;

/**
 * A long name cut at a word's end (a hyphen or a space), so that the words shown are words of the element's accessible
 * name (axe's label-content-name-mismatch); a single long word is cut where it must be.
 */
export function shorten(text: string): string {
  if (text.length <= NAME_MAX) return text;
  const cut = text.slice(0, NAME_MAX - 1);
  const boundary = cut.search(/[^\p{L}\p{N}]+[\p{L}\p{N}]*$/u);
  return `${boundary >= NAME_MAX / 2 ? cut.slice(0, boundary) : cut}…`;
}

interface GraphProps {
  topology: PathTopology;
  activeId: string | null;
  onHover: (id: string | null) => void;
  onSelect: (id: string) => void;
}

function ElementNode({ element, x, y, active, onHover, onSelect }: { element: TopologyElement; x: number; y: number; active: boolean } & Omit<GraphProps, "topology" | "activeId">) {
  const t = useTranslations("topology");
  const Icon = ICONS[element.type];
  const color = TONE_COLOR[element.tone];
  const subtitle = element.type === "connector" && element.kind ? t(`kinds.${element.kind}` as "kinds.physical") : t(`types.${element.type}`);
  // The label reads the words shown, in their order (kind, then name), followed by the state. The space between the
  // two texts keeps their words apart where a screen reader or axe joins them.
  const label = `${subtitle} ${element.name}: ${t(`states.${element.state}` as "states.unknown")}`;
  const square = element.type === "site" || element.type === "connector";
  return (
    <g
      transform={`translate(${x} ${y})`}
      role="button"
      tabIndex={0}
      aria-label={label}
      aria-pressed={active}
      data-testid="topology-element"
      data-type={element.type}
      data-tone={element.tone}
      data-name={element.name}
      className="cursor-pointer outline-none [&:focus-visible>.ring]:opacity-100"
      onMouseEnter={() => onHover(element.id)}
      onMouseLeave={() => onHover(null)}
      onFocus={() => onHover(element.id)}
      onBlur={() => onHover(null)}
      onClick={() => onSelect(element.id)}
      onKeyDown={(event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          onSelect(element.id);
        }
      }}
    >
      <title>{label}</title>
      <circle className="ring opacity-0 transition-opacity" r={RADIUS + 6} fill="none" stroke="var(--ring)" strokeWidth={2} />
      {active && <circle r={RADIUS + 6} fill="none" stroke={color} strokeWidth={2} strokeOpacity={0.5} />}
      {square ? (
        <rect x={-RADIUS} y={-RADIUS} width={RADIUS * 2} height={RADIUS * 2} rx={10} fill="var(--card)" stroke={color} strokeWidth={2.5} />
      ) : (
        <circle r={RADIUS} fill="var(--card)" stroke={color} strokeWidth={element.type === "core" ? 3.5 : 2.5} />
      )}
      {square ? (
        <rect x={-RADIUS} y={-RADIUS} width={RADIUS * 2} height={RADIUS * 2} rx={10} fill={color} fillOpacity={0.14} />
      ) : (
        <circle r={RADIUS} fill={color} fillOpacity={0.14} />
      )}
      <Icon x={-ICON / 2} y={-ICON / 2} width={ICON} height={ICON} className="text-foreground" strokeWidth={1.75} aria-hidden />
      <circle cx={RADIUS * 0.72} cy={-RADIUS * 0.72} r={5.5} fill={color} stroke="var(--card)" strokeWidth={2} />
      <text y={RADIUS + 36} textAnchor="middle" className="fill-muted-foreground text-[11.5px]">
        {subtitle}
      </text>{" "}
      <text y={RADIUS + 20} textAnchor="middle" className="fill-foreground text-[13px] font-medium">
        {shorten(element.name)}
      </text>
    </g>
  );
}

function ConnectionLine({
  connection,
  x1,
  y1,
  x2,
  y2,
  active,
  onHover,
  onSelect,
}: { connection: TopologyConnection; x1: number; y1: number; x2: number; y2: number; active: boolean } & Omit<GraphProps, "topology" | "activeId">) {
  const t = useTranslations("topology");
  const format = useTopologyFormat();
  const attachment = connection.type === "attachment";
  const color = attachment ? "var(--muted-foreground)" : TONE_COLOR[connection.tone];
  // Lines stop at the shapes' edges.
  const start = x1 + RADIUS + 4;
  const end = x2 - RADIUS - 4;
  const middle = (x1 + x2) / 2;
  const metrics =
    connection.type === "link"
      ? [format.ms(connection.latencyMs), format.percent(connection.lossPercent)].join(" · ")
      : connection.type === "access"
        ? t(`states.${connection.state}` as "states.unknown")
        : null;
  const bandwidth = connection.bandwidthMbps === null ? null : format.bandwidth(connection.bandwidthMbps);
  const state = t(`states.${connection.state}` as "states.unknown");
  const name = `${t(`types.${connection.type}`)}${connection.name ? ` ${connection.name}` : ""}`;
  // The label ends with the figures drawn on the line, in their order (label-content-name-mismatch).
  const shown = [metrics, bandwidth].filter(Boolean).join(" · ");
  const label = connection.type === "link" ? `${name}, ${state}: ${shown}` : `${name}: ${shown || state}`;
  return (
    <g
      role={attachment ? undefined : "button"}
      tabIndex={attachment ? undefined : 0}
      aria-label={attachment ? undefined : label}
      aria-pressed={attachment ? undefined : active}
      data-testid="topology-connection"
      data-type={connection.type}
      data-tone={connection.tone}
      className={attachment ? undefined : "cursor-pointer outline-none focus-visible:[&>.hit]:stroke-ring/30"}
      onMouseEnter={attachment ? undefined : () => onHover(connection.id)}
      onMouseLeave={attachment ? undefined : () => onHover(null)}
      onFocus={attachment ? undefined : () => onHover(connection.id)}
      onBlur={attachment ? undefined : () => onHover(null)}
      onClick={attachment ? undefined : () => onSelect(connection.id)}
      onKeyDown={
        attachment
          ? undefined
          : (event) => {
              if (event.key === "Enter" || event.key === " ") {
                event.preventDefault();
                onSelect(connection.id);
              }
            }
      }
    >
      {!attachment && <title>{label}</title>}
      <line className="hit" x1={start} y1={y1} x2={end} y2={y2} stroke="transparent" strokeWidth={18} />
      <line
        x1={start}
        y1={y1}
        x2={end}
        y2={y2}
        stroke={color}
        strokeWidth={connection.type === "link" ? (active ? 5 : 3.5) : attachment ? 1.5 : active ? 4 : 2.5}
        strokeDasharray={attachment || connection.linkType === "internet" ? "5 4" : undefined}
        strokeLinecap="round"
      />
      {metrics && (
        <text x={middle} y={y1 - 10} textAnchor="middle" className="fill-foreground text-[11px] tabular-nums">
          {metrics}
        </text>
      )}{" "}
      {bandwidth && (
        <text x={middle} y={y1 + 18} textAnchor="middle" className="fill-muted-foreground text-[11px] tabular-nums">
          {bandwidth}
        </text>
      )}
    </g>
  );
}

/** The route drawn left to right: shapes for sites and connectors, circles for nodes, lines for links, all in status colours. */
export function TopologyGraph({ topology, activeId, onHover, onSelect }: GraphProps) {
  const t = useTranslations("topology");
  const layout = useMemo(() => layoutRoute(topology, DEFAULT_LAYOUT), [topology]);
  const elementById = new Map(topology.elements.map((element) => [element.id, element]));
  const connectionById = new Map(topology.connections.map((connection) => [connection.id, connection]));
  // The MSP's part of the route (its edge, CPE and core nodes) sits on a band between the customer's ends.
  const nodeXs = topology.elements
    .filter((element) => element.type !== "site" && element.type !== "connector")
    .map((element) => layout.positions.get(element.id)!.x)
    .concat(layout.gaps.map((gap) => gap.x));
  const band =
    nodeXs.length > 0
      ? { x: Math.min(...nodeXs) - DEFAULT_LAYOUT.columnWidth / 2 + 8, width: Math.max(...nodeXs) - Math.min(...nodeXs) + DEFAULT_LAYOUT.columnWidth - 16 }
      : null;
  return (
    <div className="overflow-x-auto">
      <svg
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        width="100%"
        style={{ minWidth: Math.round(layout.width * 0.75) }}
        role="group"
        aria-label={t("graphLabel", { name: topology.path.name })}
        data-testid="topology-graph"
        className="select-none"
      >
        {band && (
          <g aria-hidden data-testid="topology-msp-band">
            <rect x={band.x} y={12} width={band.width} height={layout.height - 24} rx={14} className="fill-muted/50 stroke-border" strokeDasharray="4 4" />
            <text x={band.x + 12} y={30} className="fill-muted-foreground text-[11px] font-medium tracking-wide uppercase">
              {t("mspNetwork")}
            </text>
          </g>
        )}
        {layout.gaps.map((gap) => (
          <g key={`gap-${gap.layer}`} data-testid="topology-no-route">
            <line
              x1={gap.x - DEFAULT_LAYOUT.columnWidth + RADIUS + 4}
              y1={gap.y}
              x2={gap.x + DEFAULT_LAYOUT.columnWidth - RADIUS - 4}
              y2={gap.y}
              stroke={TONE_COLOR.bad}
              strokeWidth={2}
              strokeDasharray="2 6"
              strokeLinecap="round"
            />
            <text x={gap.x} y={gap.y - 12} textAnchor="middle" className="fill-foreground text-[12px] font-medium" style={{ fill: TONE_COLOR.bad }}>
              {t("noRoute")}
            </text>
          </g>
        ))}
        {layout.connections.map((placed) => (
          <ConnectionLine
            key={placed.id}
            connection={connectionById.get(placed.id)!}
            {...placed}
            active={activeId === placed.id}
            onHover={onHover}
            onSelect={onSelect}
          />
        ))}
        {[...layout.positions].map(([id, { x, y }]) => (
          <ElementNode key={id} element={elementById.get(id)!} x={x} y={y} active={activeId === id} onHover={onHover} onSelect={onSelect} />
        ))}
      </svg>
    </div>
  );
}
