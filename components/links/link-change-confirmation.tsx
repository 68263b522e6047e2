"use client";

import { useQuery } from "@tanstack/react-query";
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

/** What the question says: the paths over the link and their customers, as its blast radius has them. */
export function useLinkChangeDescription(radius: BlastRadius | undefined, failed: boolean): string {
  const t = useTranslations("links.change");
  if (failed) return t("unknown");
  if (!radius) return t("checking");
  const named = radius.paths.slice(0, NAMED_PATHS).map((path) => t("pathOf", { path: path.name, customer: path.organizationName }));
  const more = radius.pathCount - named.length;
  const paths = more > 0 ? t("andMore", { paths: named.join(", "), count: more }) : named.join(", ");
  return t("paths", { count: radius.pathCount, paths });
}

/**
 * Changing a link's cost or bandwidth asks first, naming the customers' paths over it (issue 42, scope 2). `confirm`
 * answers the save once confirmed, and fails without saving when the question is dismissed.
 */
export function useLinkChangeConfirmation(link: Link | undefined) {
  const t = useTranslations("links.change");
  const radius = useQuery({ ...blastRadiusQueryOptions("link", link?.id ?? ""), enabled: Boolean(link) });
  const description = useLinkChangeDescription(radius.data, radius.isError);
  const [open, setOpen] = useState(false);
  const pending = useRef<{ save: () => Promise<unknown>; resolve: (value: unknown) => void; reject: (error: Error) => void } | null>(null);

  const confirm = <T,>(save: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      pending.current = { save, resolve: resolve as (value: unknown) => void, reject };
      setOpen(true);
    });

  const element = link ? (
    <ConfirmDelete
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next && pending.current) {
          pending.current.reject(new Error(t("notConfirmed")));
          pending.current = null;
        }
      }}
      title={t("title", { name: link.name })}
      description={description}
      confirmLabel={t("confirm")}
      testId="link-change"
      onConfirm={async () => {
        const asked = pending.current;
        if (!asked) return;
        const saved = await asked.save();
        pending.current = null;
        asked.resolve(saved);
      }}
    />
  ) : null;
  return { confirm, element };
}
