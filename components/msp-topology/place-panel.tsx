"use client";

import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { TONE_COLOR } from "@/components/topology/tones";
import { nodeTone, type DrawnNode } from "@/lib/topology/draw";
import type { TopologyGraph } from "@/lib/topology/schema";

/** The nodes listed at once for a place; the rest are counted. */
const PLACE_LIST_MAX = 60;

/** A place of a grouped drawing: its nodes, the worst first, each opening its blast radius. */
export function PlacePanel({ place, graph, onClose, onSelect }: { place: DrawnNode; graph: TopologyGraph; onClose: () => void; onSelect: (nodeId: string) => void }) {
  const t = useTranslations("mspTopology.place");
  const types = useTranslations("topology.types");
  const members = new Set(place.nodeIds);
  const rank = { bad: 0, warning: 1, healthy: 2, unknown: 3 } as const;
  const nodes = graph.nodes.filter((node) => members.has(node.id)).sort((a, b) => rank[nodeTone(a)] - rank[nodeTone(b)] || a.name.localeCompare(b.name));
  return (
    <Card className="mb-4 gap-3" data-testid="place-panel">
      <CardHeader>
        <CardTitle role="heading" aria-level={2} className="text-base">{place.label ? t("title", { count: nodes.length, place: place.label }) : t("area", { count: nodes.length })}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
        <CardAction>
          <Button variant="ghost" size="icon" onClick={onClose} aria-label={t("close")}>
            <X aria-hidden />
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-wrap gap-2">
          {nodes.slice(0, PLACE_LIST_MAX).map((node) => (
            <li key={node.id}>
              <Button variant="outline" size="sm" onClick={() => onSelect(node.id)} data-testid="place-node">
                <span className="size-2 rounded-full" style={{ background: TONE_COLOR[nodeTone(node)] }} aria-hidden />
                {node.name}
                <span className="text-xs text-muted-foreground">{types(node.kind)}</span>
              </Button>
            </li>
          ))}
        </ul>
        {nodes.length > PLACE_LIST_MAX && <p className="mt-2 text-xs text-muted-foreground">{t("more", { count: nodes.length - PLACE_LIST_MAX })}</p>}
      </CardContent>
    </Card>
  );
}
