"use client";

import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, Building2, Loader2, MapPin } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Input } from "@/components/ui/input";
import { Popover, PopoverAnchor } from "@/components/ui/popover";
import { ComboboxPopoverContent } from "@/components/common/combobox-popover";
import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectTrigger, SelectValue } from "@/components/ui/select";
import { isSearchable, locationSearchQueryOptions, regionsQueryOptions } from "@/lib/locations/queries";
import type { Location, LocationResult } from "@/lib/locations/schema";
import { cn } from "@/lib/utils";
import { useDebouncedValue } from "@/components/common/use-debounced-value";
import { useListboxKeys } from "@/components/common/use-listbox-keys";

interface LocationPickerProps {
  value: Location | undefined;
  onChange: (location: Location | undefined) => void;
  onBlur?: () => void;
  id?: string;
  disabled?: boolean;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

const toLocation = ({ address, latitude, longitude }: Location): Location => ({ address, latitude, longitude });
const locationValue = (location: Location) => `${location.latitude},${location.longitude},${location.address}`;

function Coordinates({ location }: { location: Location }) {
  const t = useTranslations("sites.location");
  return (
    <p className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="location-selected">
      <MapPin aria-hidden className="size-3.5" />
      {t("selected", { latitude: location.latitude.toFixed(4), longitude: location.longitude.toFixed(4) })}
    </p>
  );
}

/** SPEC §8: when search fails, the closest metro is picked from the regions' list instead. */
function FallbackLocations({ value, onChange, onBlur }: Pick<LocationPickerProps, "value" | "onChange" | "onBlur">) {
  const t = useTranslations("sites.location");
  const locale = useLocale();
  const regions = useQuery(regionsQueryOptions(locale));
  const all = regions.data?.flatMap((region) => region.locations) ?? [];
  return (
    <Select
      value={value && all.some((location) => locationValue(location) === locationValue(value)) ? locationValue(value) : ""}
      onValueChange={(next) => {
        const picked = all.find((location) => locationValue(location) === next);
        onChange(picked ? toLocation(picked) : undefined);
        onBlur?.();
      }}
    >
      <SelectTrigger className="w-full" data-testid="location-fallback" aria-label={t("fallbackPlaceholder")}>
        <SelectValue placeholder={t("fallbackPlaceholder")} />
      </SelectTrigger>
      <SelectContent className="max-h-72">
        {regions.data?.map((region) => (
          <SelectGroup key={region.id}>
            <SelectLabel>{region.name}</SelectLabel>
            {region.locations.map((location) => (
              <SelectItem key={locationValue(location)} value={locationValue(location)}>
                {location.address}
              </SelectItem>
            ))}
          </SelectGroup>
        ))}
      </SelectContent>
    </Select>
  );
}

/**
 * The location of a site, chosen from the search dropdown (GET /api/v1/config/location, debounced). Typing clears
 * the choice: only a picked entry has coordinates (SPEC §5).
 */
export function LocationPicker({ value, onChange, onBlur, id, disabled, ...aria }: LocationPickerProps) {
  const t = useTranslations("sites.location");
  const listId = useId();
  const anchor = useRef<HTMLDivElement>(null);
  const [text, setText] = useState(value?.address ?? "");
  const [open, setOpen] = useState(false);
  const search = useDebouncedValue(text, 300);
  // The chosen location's own address is not a search.
  const chosen = value !== undefined && value.address === text;
  const results = useQuery({ ...locationSearchQueryOptions(search), enabled: !chosen && isSearchable(search) });
  const options: LocationResult[] = results.data ?? [];
  const typing = text.trim() !== search.trim();
  const searching = !chosen && isSearchable(text) && (typing || results.isFetching);
  // Once search has failed, the fallback list stays until a search works again (picking from it must not hide it).
  const [failed, setFailed] = useState(false);
  if (results.isError && !failed) setFailed(true);
  if (results.isSuccess && failed) setFailed(false);

  const pick = (location: LocationResult) => {
    onChange(toLocation(location));
    setText(location.address);
    setOpen(false);
  };

  const tooShort = text.trim().length > 0 && !isSearchable(text);
  const showList = open && !failed && text.trim().length > 0 && !chosen;
  const { active, setActive, inputProps } = useListboxKeys(options, { open, setOpen, pick, listId, shown: showList });

  return (
    <div className="grid gap-2">
      <Popover open={showList} onOpenChange={(next) => !next && setOpen(false)}>
        <PopoverAnchor asChild>
          <div
            ref={anchor}
            className="relative"
            onBlur={(event) => {
              if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
              setOpen(false);
              onBlur?.();
            }}
          >
            <MapPin aria-hidden className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
            <Input
              id={id}
              {...inputProps}
              placeholder={t("placeholder")}
              className="pl-8"
              value={text}
              disabled={disabled}
              data-testid="location-search"
              onChange={(event) => {
                setText(event.target.value);
                setActive(0);
                setOpen(true);
                if (value) onChange(undefined);
              }}
              onFocus={() => setOpen(true)}
              {...aria}
            />
            {searching && <Loader2 aria-hidden className="absolute top-2.5 right-2.5 size-4 animate-spin text-muted-foreground" />}
          </div>
        </PopoverAnchor>
        <ComboboxPopoverContent anchor={anchor}>
          <ul id={listId} role="listbox" className="max-h-72 overflow-y-auto" onMouseDown={(event) => event.preventDefault()} data-testid="location-options">
            {options.length === 0 ? (
              <li className="px-2 py-1.5 text-sm text-muted-foreground" role="presentation">
                {tooShort ? t("typeMore") : searching ? t("searching") : t("noResults", { search: text.trim() })}
              </li>
            ) : (
              options.map((option, index) => (
                <li
                  key={`${option.kind}-${locationValue(option)}`}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className={cn(
                    "flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm",
                    index === active && "bg-accent text-accent-foreground",
                  )}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => pick(option)}
                >
                  {option.kind === "metro" ? (
                    <Building2 aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                  ) : (
                    <MapPin aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                  )}
                  <span className="min-w-0 flex-1 truncate">{option.address}</span>
                  <span className="shrink-0 text-xs text-muted-foreground">{t(option.kind)}</span>
                </li>
              ))
            )}
          </ul>
        </ComboboxPopoverContent>
      </Popover>
      {failed && (
        <>
          <Alert className="border-status-warning/50" data-testid="location-search-error">
            <AlertTriangle aria-hidden className="text-status-warning" />
            <AlertDescription className="text-foreground">{t("searchFailed")}</AlertDescription>
          </Alert>
          <FallbackLocations value={value} onChange={(next) => {
            onChange(next);
            if (next) setText(next.address);
          }} onBlur={onBlur} />
        </>
      )}
      {value && <Coordinates location={value} />}
    </div>
  );
}
