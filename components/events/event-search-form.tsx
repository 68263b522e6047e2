"use client";

import { RotateCcw, Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { SubmitButton } from "@/components/forms/submit-button";
import { Button } from "@/components/ui/button";
import { DateTimeInput } from "@/components/ui/date-time-input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { EventSearch } from "@/lib/events/schema";
import { readEventSearch } from "@/lib/events/search";
import { EVENT_AREAS, eventTypesOfArea, isEventType } from "@/lib/events/types";
import { SubjectCombobox } from "./subject-combobox";
import { useEventTypeLabel } from "./labels";

// Radix's Select takes no empty value: "all types" has a value of its own.
const ANY_TYPE = "*";

const HOUR = 3_600_000;
const PRESETS = [
  { key: "lastHour", ms: HOUR },
  { key: "lastDay", ms: 24 * HOUR },
  { key: "lastWeek", ms: 7 * 24 * HOUR },
] as const;

// The inputs show and take times in the console's display zone (UTC), to the minute, as wall clocks ("2026-12-07T09:30").
export const toInput = (date: Date | undefined) => (date ? date.toISOString().slice(0, 16) : "");

/** The time from an input: unchanged text keeps the URL's exact instant; new text is read as UTC. */
export function fromInput(text: string, original: Date | undefined): string | Date | undefined {
  if (original && text === toInput(original)) return original;
  if (!text) return undefined;
  // The input writes years past 9999 unsigned ("10000-01-01T00:00"), which only ISO's signed six-digit form reads.
  const longYear = /^(\d{5,6})(-.*)$/.exec(text);
  return longYear ? `+${longYear[1].padStart(6, "0")}${longYear[2]}Z` : `${text}Z`;
}

/** Time range, type (from the list, by area), node, site and path (by name, with suggestions); applying writes the URL. */
export function EventSearchForm({ search, pending, onSearch }: { search: EventSearch; pending: boolean; onSearch: (search: EventSearch) => void }) {
  const t = useTranslations("events.search");
  const tAreas = useTranslations("events.areas");
  const typeLabel = useEventTypeLabel();
  const id = useId();
  const [start, setStart] = useState(toInput(search.startTime));
  const [end, setEnd] = useState(toInput(search.endTime));
  const [type, setType] = useState(search.type ?? "");
  const [nodeId, setNodeId] = useState(search.nodeId ?? "");
  const [siteId, setSiteId] = useState(search.siteId ?? "");
  const [pathId, setPathId] = useState(search.pathId ?? "");
  const tValidation = useTranslations("validation");
  const [invalid, setInvalid] = useState<string | null>(null);
  const anySet = Boolean(search.startTime || search.endTime || search.type || search.nodeId || search.siteId || search.pathId);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const next = readEventSearch({
      startTime: fromInput(start, search.startTime),
      endTime: fromInput(end, search.endTime),
      type,
      nodeId,
      siteId,
      pathId,
    });
    // A browser's date input takes years up to 275760; the schema keeps to the years the database stores.
    if (!next) return setInvalid(tValidation("dateOutOfRange"));
    const reversed = Boolean(next.startTime && next.endTime && next.startTime > next.endTime);
    setInvalid(reversed ? t("endBeforeStart") : null);
    if (!reversed) onSearch(next);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm" data-testid="event-search" noValidate>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-[repeat(6,minmax(0,1fr))]">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-start`}>{t("startTime")}</Label>
          <DateTimeInput id={`${id}-start`} value={start} onChange={setStart} testId="event-start" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-end`}>{t("endTime")}</Label>
          <DateTimeInput
            id={`${id}-end`}
            value={end}
            onChange={setEnd}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
            testId="event-end"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-type`}>{t("type")}</Label>
          <Select value={type || ANY_TYPE} onValueChange={(next) => setType(next === ANY_TYPE ? "" : next)}>
            <SelectTrigger id={`${id}-type`} className="w-full" data-testid="event-type">
              <SelectValue />
            </SelectTrigger>
            <SelectContent className="max-h-80" data-testid="event-type-options">
              <SelectItem value={ANY_TYPE}>{t("anyType")}</SelectItem>
              {/* A type from a link that is not one of the list (a part of a code, a label): kept as it was typed. */}
              {type && !isEventType(type) && <SelectItem value={type}>“{type}”</SelectItem>}
              {EVENT_AREAS.map((area) => (
                <SelectGroup key={area}>
                  <SelectLabel>{tAreas(area)}</SelectLabel>
                  {eventTypesOfArea(area).map((option) => (
                    <SelectItem key={option} value={option}>
                      {typeLabel(option)}
                    </SelectItem>
                  ))}
                </SelectGroup>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-node`}>{t("nodeId")}</Label>
          <SubjectCombobox kind="node" id={`${id}-node`} value={nodeId} onChange={setNodeId} placeholder={t("nodePlaceholder")} testId="event-node" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-site`}>{t("site")}</Label>
          <SubjectCombobox kind="site" id={`${id}-site`} value={siteId} onChange={setSiteId} placeholder={t("sitePlaceholder")} testId="event-site" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-path`}>{t("path")}</Label>
          <SubjectCombobox kind="path" id={`${id}-path`} value={pathId} onChange={setPathId} placeholder={t("pathPlaceholder")} testId="event-path" />
        </div>
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-3 xl:col-span-6">
          <SubmitButton busy={pending} data-testid="event-search-apply">
            <Search aria-hidden />
            {t("apply")}
          </SubmitButton>
          {anySet && (
            <Button type="button" variant="ghost" onClick={() => onSearch({})} disabled={pending} data-testid="event-search-clear">
              <RotateCcw aria-hidden />
              {t("clear")}
            </Button>
          )}
        </div>
      </div>
      {invalid && (
        <p id={`${id}-error`} className="text-sm text-destructive" role="alert">
          {invalid}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-1 text-sm">
        <span className="mr-1 text-muted-foreground">{t("quickRanges")}</span>
        {PRESETS.map((preset) => (
          <Button
            key={preset.key}
            type="button"
            variant="outline"
            size="sm"
            className="h-7"
            disabled={pending}
            onClick={() => onSearch({ ...search, startTime: new Date(Date.now() - preset.ms), endTime: undefined })}
          >
            {t(`presets.${preset.key}`)}
          </Button>
        ))}
        <span className="ml-auto text-xs text-muted-foreground">{t("timeZoneHint")}</span>
      </div>
    </form>
  );
}
