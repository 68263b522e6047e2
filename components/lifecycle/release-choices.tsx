"use client";

import { useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { releasesFor } from "@/lib/inventory/models";
import { lifecycleKeys } from "@/lib/lifecycle/queries";

/** The models of the chosen devices, as the picker's pages (in the query cache) show them. */
export function usePickedModels(deviceIds: readonly string[]): string[] {
  const queryClient = useQueryClient();
  const models = new Map<string, string>();
  for (const [, data] of queryClient.getQueriesData<InfiniteData<{ items: { id: string; model: string }[] }>>({ queryKey: lifecycleKeys.deviceLists() })) {
    for (const device of data?.pages.flatMap((page) => page.items) ?? []) models.set(device.id, device.model);
  }
  return deviceIds.map((id) => models.get(id) ?? "");
}

/**
 * The releases published for the chosen devices' model (those every one of them may take, newest first), one click
 * each to put in the version box; a version of another train the model takes may still be typed.
 */
export function ReleaseChoices({ models, value, onPick, testId }: { models: readonly string[]; value?: string | null; onPick: (version: string) => void; testId: string }) {
  const t = useTranslations("lifecycle.versions");
  const releases = releasesFor(models);
  if (releases.length === 0) return null;
  return (
    <div className="-mt-2 flex flex-col gap-1.5" data-testid={testId}>
      <p className="text-xs text-muted-foreground">{t("hint")}</p>
      <div role="group" aria-label={t("label")} className="flex flex-wrap gap-1.5">
        {releases.map((release) => (
          <Button
            key={release}
            type="button"
            size="sm"
            variant={value?.trim() === release ? "default" : "outline"}
            aria-pressed={value?.trim() === release}
            className="h-7 px-2 font-mono text-xs"
            onClick={() => onPick(release)}
            data-testid={`${testId}-option`}
          >
            {release}
          </Button>
        ))}
      </div>
    </div>
  );
}
