"use client";

import { useQueries } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { ConfirmDelete } from "@/components/common/confirm-delete";
import type { Link, LinkCreate } from "@/lib/links/schema";
import type { BlastRadius } from "@/lib/topology/schema";
import { blastRadiusQueryOptions } from "@/lib/topology/queries";

/** The paths shown by name in the question; the others are counted. */
const NAMED_PATHS = 8;

/** Whether saving changes what the paths over the link get: its cost (their route) or its bandwidth (their headroom). */
export const touchesPaths = (link: Pick<Link, "cost" | "bandwidth">, values: Pick<LinkCreate, "cost" | "bandwidth">) =>
  values.cost !== link.cost || values.bandwidth !== link.bandwidth;

/** The paths over the links, each once, and how many there are in all (each radius names at most its first ones). */
type PathsOver = Pick<BlastRadius, "paths" | "pathCount">;

export function combined(radii: BlastRadius[]): PathsOver {
  const paths = new Map<string, BlastRadius["paths"][number]>();
  for (const radius of radii) for (const path of radius.paths) paths.set(path.id, path);
  const unnamed = radii.reduce((sum, radius) => sum + radius.pathCount - radius.paths.length, 0);
  return { paths: [...paths.values()], pathCount: paths.size + unnamed };
}

/** What the question says: the paths over the links and their customers, as their blast radii have them. */
export function useLinkChangeDescription(radius: PathsOver | undefined, failed: boolean): string {
  const t = useTranslations("links.change");
  if (failed) return t("unknown");
  if (!radius) return t("checking");
  const named = radius.paths.slice(0, NAMED_PATHS).map((path) => t("pathOf", { path: path.name, customer: path.organizationName }));
  const more = radius.pathCount - named.length;
  const paths = more > 0 ? t("andMore", { paths: named.join(", "), count: more }) : named.join(", ");
  return t("paths", { count: radius.pathCount, paths });
}

interface Asked {
  title: string;
  linkIds: string[];
  save: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * Changing links' cost or bandwidth, or removing them, asks first, naming the customers' paths over them (issue 42,
 * scope 2): one link in its dialog, several in a fabric's link editor. `confirm` answers the save once confirmed, and
 * fails without saving when the question is dismissed.
 */
export function useLinksChangeConfirmation() {
  const t = useTranslations("links.change");
  const [asked, setAsked] = useState<Asked | null>(null);
  const pending = useRef<Asked | null>(null);
  const radii = useQueries({ queries: (asked?.linkIds ?? []).map((id) => blastRadiusQueryOptions("link", id)) });
  const ready = radii.length > 0 && radii.every((radius) => radius.data);
  const description = useLinkChangeDescription(ready ? combined(radii.map((radius) => radius.data!)) : undefined, radii.some((radius) => radius.isError));

  const confirm = <T,>(title: string, linkIds: string[], save: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      pending.current = { title, linkIds, save, resolve: resolve as (value: unknown) => void, reject };
      setAsked(pending.current);
    });

  const element = (
    <ConfirmDelete
      open={asked !== null}
      onOpenChange={(next) => {
        if (next) return;
        setAsked(null);
        if (pending.current) {
          pending.current.reject(new Error(t("notConfirmed")));
          pending.current = null;
        }
      }}
      title={asked?.title ?? ""}
      description={description}
      confirmLabel={t("confirm")}
      testId="link-change"
      onConfirm={async () => {
        const current = pending.current;
        if (!current) return;
        const saved = await current.save();
        pending.current = null;
        current.resolve(saved);
      }}
    />
  );
  return { confirm, element };
}

/** One link's change, in its dialog. */
export function useLinkChangeConfirmation(link: Link | undefined) {
  const t = useTranslations("links.change");
  const { confirm, element } = useLinksChangeConfirmation();
  return {
    confirm: <T,>(save: () => Promise<T>) => confirm(t("title", { name: link?.name ?? "" }), link ? [link.id] : [], save),
    element: link ? element : null,
  };
}
