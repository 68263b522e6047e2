"use client";

import { Search } from "lucide-react";
import { useTranslations } from "next-intl";
import type { FieldPath, FieldValues } from "react-hook-form";
import { PagedList, usePagedList } from "@/components/common/paged-list";
import { LabeledField, type FieldProps } from "@/components/forms/labeled-field";
import { Button } from "@/components/ui/button";
import { FormControl } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { lifecycleDevicesQueryOptions } from "@/lib/lifecycle/queries";
import { DeviceChoice } from "./device-choice";

type DevicePickerProps<V extends FieldValues, N extends FieldPath<V>, X> = Omit<FieldProps<V, N, X>, "label"> & { organizationId: string };

/**
 * The devices an operation runs on, one or many, from the MSP's inventory of configured devices (those that run a
 * node's configuration), found by serial number, model or node name on the server; a busy one is shown unavailable,
 * with why. The form holds their ids.
 */
export function DevicePicker<V extends FieldValues, N extends FieldPath<V>, X = V>({ organizationId, ...field }: DevicePickerProps<V, N, X>) {
  const t = useTranslations("lifecycle.schedule");
  return (
    <LabeledField {...field} label={t("devices")} description={t("devicesHint")}>
      {(bound) => (
        <DeviceList
          organizationId={organizationId}
          value={(bound.value as string[] | undefined) ?? []}
          onChange={(ids) => {
            bound.onChange(ids);
            bound.onBlur();
          }}
        />
      )}
    </LabeledField>
  );
}

function DeviceList({ organizationId, value, onChange }: { organizationId: string; value: string[]; onChange: (ids: string[]) => void }) {
  const t = useTranslations("lifecycle.schedule");
  const tLifecycle = useTranslations("lifecycle");
  const devices = usePagedList((search) => lifecycleDevicesQueryOptions(organizationId, search));
  const chosen = new Set(value);
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((item) => item !== id));
  return (
    <div className="flex flex-col gap-2 rounded-md border p-2">
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
        <FormControl>
          <Input
            type="search"
            value={devices.search}
            onChange={(event) => devices.setSearch(event.target.value)}
            placeholder={t("search")}
            aria-label={t("searchLabel")}
            className="pl-8"
            autoComplete="off"
            data-testid="lifecycle-device-search"
          />
        </FormControl>
      </div>
      <PagedList
        list={devices}
        loading={
          <div className="flex flex-col gap-2 p-1">
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-2/3" />
          </div>
        }
        failure={(message) => <p className="p-2 text-sm text-destructive">{message}</p>}
        empty={<p className="p-2 text-sm text-muted-foreground">{devices.searched ? t("noDevices") : t("noDevicesAtAll")}</p>}
        loadMore={{ label: tLifecycle("loadMore"), className: "w-full" }}
        frame={(body, more) => (
          <div role="group" aria-label={t("devices")} className="max-h-52 overflow-y-auto" data-testid="lifecycle-device-list">
            {body}
            {more}
          </div>
        )}
      >
        {(rows) =>
          rows.map((device) => (
            <DeviceChoice
              key={device.id}
              device={device}
              checked={chosen.has(device.id)}
              onCheckedChange={(on) => toggle(device.id, on)}
              testId="lifecycle-device-option"
            />
          ))
        }
      </PagedList>
      <div className="flex items-center justify-between px-1 text-xs text-muted-foreground">
        <span data-testid="lifecycle-device-count">{t("selected", { count: value.length })}</span>
        {value.length > 0 && (
          <Button type="button" variant="link" size="sm" className="h-auto p-0 text-xs" onClick={() => onChange([])}>
            {t("clear")}
          </Button>
        )}
      </div>
    </div>
  );
}
