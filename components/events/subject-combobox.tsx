"use client";

import { useQuery } from "@tanstack/react-query";
import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { useDebouncedValue } from "@/components/common/use-debounced-value";
import { useListboxKeys } from "@/components/common/use-listbox-keys";
import { Input } from "@/components/ui/input";
import { Popover, PopoverAnchor } from "@/components/ui/popover";
import { ComboboxPopoverContent } from "@/components/common/combobox-popover";
import { eventSubjectsQueryOptions } from "@/lib/events/queries";
import type { EventSubject, EventSubjectKind } from "@/lib/events/schema";
import { cn } from "@/lib/utils";

/**
 * A node, site or path of the events filters, typed by name (or pasted as an id) with suggestions from
 * GET /api/v1/event/subjects: those the reader sees, then those gone that events still name.
 */
export function SubjectCombobox({
  kind,
  id,
  value,
  onChange,
  placeholder,
  testId,
}: {
  kind: EventSubjectKind;
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  testId: string;
}) {
  const t = useTranslations("events.search");
  const listId = useId();
  const anchor = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const search = useDebouncedValue(value.trim(), 250);
  const suggestions = useQuery({ ...eventSubjectsQueryOptions(kind, search), enabled: open });
  const items = suggestions.data?.items ?? [];
  // The name already typed in full is not offered again; "none by that name" only when nothing is.
  const options: EventSubject[] = items.filter((option) => option.name !== value);
  const searching = open && (value.trim() !== search || suggestions.isFetching);
  const showList = open && (options.length > 0 || (value.trim().length > 0 && !searching && suggestions.isSuccess && items.length === 0));

  const pick = (option: EventSubject) => {
    onChange(option.name);
    setOpen(false);
  };
  const { active, setActive, inputProps } = useListboxKeys(options, { open: showList, setOpen, pick, listId, shown: showList });

  return (
    <Popover open={showList} onOpenChange={(next) => !next && setOpen(false)}>
      <PopoverAnchor asChild>
        <div
          ref={anchor}
          className="relative"
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
          }}
        >
          <Input
            id={id}
            {...inputProps}
            value={value}
            placeholder={placeholder}
            data-testid={testId}
            onChange={(event) => {
              onChange(event.target.value);
              setActive(0);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
          />
          {searching && <Loader2 aria-hidden className="absolute top-2.5 right-2.5 size-4 animate-spin text-muted-foreground" />}
        </div>
      </PopoverAnchor>
      <ComboboxPopoverContent anchor={anchor} className="min-w-56">
        <ul
          id={listId}
          role="listbox"
          aria-label={t("suggestions")}
          className="max-h-72 overflow-y-auto"
          onMouseDown={(event) => event.preventDefault()}
          data-testid={`${testId}-options`}
        >
          {options.length === 0 ? (
            <li className="px-2 py-1.5 text-sm text-muted-foreground" role="presentation">
              {t("noSuggestion", { kind })}
            </li>
          ) : (
            options.map((option, index) => (
              <li
                key={`${option.id}-${option.gone}`}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={cn("cursor-default truncate rounded-sm px-2 py-1.5 text-sm", index === active && "bg-accent text-accent-foreground", option.gone && "text-muted-foreground")}
                onMouseEnter={() => setActive(index)}
                onClick={() => pick(option)}
              >
                {option.gone ? t("goneSuggestion", { name: option.name }) : option.name}
              </li>
            ))
          )}
        </ul>
      </ComboboxPopoverContent>
    </Popover>
  );
}
