"use client";

import { useTranslations } from "next-intl";
import { SearchFilter } from "@/components/common/search-filter";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { DeviceStatus } from "@/lib/inventory/schema";

const ALL = "all";

interface Choice {
  value: string;
  label: string;
}

function FilterSelect({ value, onChange, label, choices, testId }: { value: string; onChange: (value: string) => void; label: string; choices: Choice[]; testId: string }) {
  // The chosen label is given to SelectValue: Radix would read it from the list, which is not rendered on the server.
  const chosen = choices.find((choice) => choice.value === value)?.label;
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger className="w-full sm:w-56" aria-label={label} data-testid={testId}>
        <SelectValue>{chosen}</SelectValue>
      </SelectTrigger>
      <SelectContent>
        {choices.map((choice) => (
          <SelectItem key={choice.value} value={choice.value}>
            {choice.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

interface InventoryFiltersProps {
  search: string;
  onSearch: (value: string) => void;
  status: DeviceStatus | undefined;
  onStatus: (status: DeviceStatus | undefined) => void;
  /** The statuses offered (an MSP has no unclaimed devices). */
  statuses: readonly DeviceStatus[];
  /** The operator's MSP filter: the MSPs, the chosen one, and its setter. */
  msps?: { options: { id: string; name: string }[]; value: string | undefined; onChange: (id: string | undefined) => void };
}

/** The search box and the status (and, for the operator, MSP) filters above an inventory list. */
export function InventoryFilters({ search, onSearch, status, onStatus, statuses, msps }: InventoryFiltersProps) {
  const t = useTranslations("inventory.filters");
  return (
    <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-start">
      <div className="grow [&>div]:mb-0">
        <SearchFilter value={search} onChange={onSearch} label={t("search")} testId="devices-filter" />
      </div>
      <FilterSelect
        value={status ?? ALL}
        onChange={(value) => onStatus(value === ALL ? undefined : (value as DeviceStatus))}
        label={t("status")}
        testId="devices-status-filter"
        choices={[{ value: ALL, label: t("allStatuses") }, ...statuses.map((value) => ({ value, label: t(`statuses.${value}`) }))]}
      />
      {msps && (
        <FilterSelect
          value={msps.value ?? ALL}
          onChange={(value) => msps.onChange(value === ALL ? undefined : value)}
          label={t("msp")}
          testId="devices-msp-filter"
          choices={[{ value: ALL, label: t("allMsps") }, ...msps.options.map((msp) => ({ value: msp.id, label: msp.name }))]}
        />
      )}
    </div>
  );
}
