import "server-only";
import { foldText } from "@/lib/locations/text";
import type { PathLayer } from "@/lib/paths/schema";
import { SITE_TYPES, type SiteType } from "@/lib/sites/schema";

// Words as the assistant compares them: case, accents and punctuation folded ("Dégradé" → "degrade"), so English and
// French, typed with or without accents, read the same.

export const fold = foldText;

/** The quoted names of a text: "…", “…”, «…». */
export function quotedNames(text: string): string[] {
  return [...text.matchAll(/["“«]\s*([^"”»]+?)\s*["”»]/g)].map((match) => match[1].trim()).filter(Boolean);
}

export const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i;

const ARROWS = /\s*(?:⇄|↔|⟷|<->|<=>|->|→|=>|⟶)\s*/;
const WORD_LINKS = /\s+(?:to|vers|à|and|et)\s+/i;

/** The two ends of "A ⇄ B", "A -> B", "A to B", "A vers B", "A à B", "A and B", "A et B"; else the text itself. */
export function pathEnds(text: string): string[] {
  const trimmed = text.trim();
  for (const separator of [ARROWS, WORD_LINKS]) {
    const parts = trimmed.split(separator).map((part) => part.trim());
    if (parts.length === 2 && parts.every(Boolean)) return parts;
  }
  return trimmed ? [trimmed] : [];
}

export interface NamedPath {
  name: string;
  sourceSiteName: string;
  destinationSiteName: string;
}

/**
 * The paths a user means by `query`: the one named exactly; else those whose name contains it; else, for "A to B",
 * those between a site (or name half) matching A and one matching B, either way round; else those with an end at a
 * site whose name contains it. Case- and accent-insensitive.
 */
export function matchPaths<T extends NamedPath>(query: string, paths: readonly T[]): T[] {
  const wanted = fold(query);
  if (!wanted) return [];
  const exact = paths.filter((path) => fold(path.name) === wanted);
  if (exact.length > 0) return exact;
  const named = paths.filter((path) => fold(path.name).includes(wanted));
  if (named.length > 0) return named;
  const ends = pathEnds(query).map(fold).filter(Boolean);
  if (ends.length === 2) {
    const [a, b] = ends;
    const between = paths.filter((path) => {
      const halves = pathEnds(path.name).map(fold);
      const [first, second] = halves.length === 2 ? halves : ["", ""];
      const atSource = (end: string) => fold(path.sourceSiteName).includes(end) || (first !== "" && first.includes(end));
      const atDestination = (end: string) => fold(path.destinationSiteName).includes(end) || (second !== "" && second.includes(end));
      return (atSource(a) && atDestination(b)) || (atSource(b) && atDestination(a));
    });
    if (between.length > 0) return between;
  }
  return paths.filter((path) => fold(path.sourceSiteName).includes(wanted) || fold(path.destinationSiteName).includes(wanted));
}

/** The site a user means: the one named exactly, else the only one whose name contains the text; null otherwise. */
export function matchSite<T extends { id: string; name: string }>(query: string, sites: readonly T[]): T | null {
  const wanted = fold(query);
  if (!wanted) return null;
  const byId = sites.find((site) => site.id === query.trim());
  if (byId) return byId;
  const exact = sites.filter((site) => fold(site.name) === wanted);
  if (exact.length === 1) return exact[0];
  const containing = sites.filter((site) => fold(site.name).includes(wanted));
  return containing.length === 1 ? containing[0] : null;
}

// Words for a site type or a path layer, in English and French (folded), longest phrases first.
const SITE_TYPE_WORDS: [RegExp, SiteType][] = [
  [/\b(aws direct connect|direct connect|aws dx|dx)\b/, "aws-direct-connect"],
  [/\b(aws|amazon)\b/, "aws"],
  [/\b(azure|microsoft)\b/, "azure"],
  [/\b(gcp|google)\b/, "gcp"],
  [/\b(oracle|oci)\b/, "oracle"],
  [/\b(standard|physical|physique|on prem|on premises|classique)\b/, "standard"],
];

/** The site type some words name ("AWS", "Direct Connect", "Google Cloud", "standard"), or null. */
export function siteTypeFromWords(text: string): SiteType | null {
  const folded = fold(text);
  if ((SITE_TYPES as readonly string[]).includes(text.trim().toLowerCase())) return text.trim().toLowerCase() as SiteType;
  return SITE_TYPE_WORDS.find(([words]) => words.test(folded))?.[1] ?? null;
}

/** The path layer some words name ("layer 2", "L3", "couche 2", "niveau 3", "layer3"), or null. */
export function pathLayerFromWords(text: string): PathLayer | null {
  const folded = fold(text);
  if (/\b(layer ?2|l2|couche ?2|niveau ?2|2)\b/.test(folded)) return "layer2";
  if (/\b(layer ?3|l3|couche ?3|niveau ?3|3)\b/.test(folded)) return "layer3";
  return null;
}
