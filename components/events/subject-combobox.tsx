"use client";

import { useQuery } from "@tanstack/react-query";
import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { useDebouncedValue } from "@/components/common/use-debounced-value";
import { Input } from "@/components/ui/input";
import { Popover, PopoverAnchor, PopoverContent } from "@/components/ui/popover";
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
  const [active, setActive] = useState(0);
  const search = useDebouncedValue(value.trim(), 250);
  const suggestions = useQuery({ ...eventSubjectsQueryOptions(kind, search), enabled: open });
  const options: EventSubject[] = (suggestions.data?.items ?? []).filter((option) => option.name !== value);
  const searching = open && (value.trim() !== search || suggestions.isFetching);
  const showList = open && (options.length > 0 || (value.trim().length > 0 && !searching && suggestions.isSuccess));

  const pick = (option: EventSubject) => {
    onChange(option.name);
    setOpen(false);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (options.length) setActive((index) => (index + (event.key === "ArrowDown" ? 1 : options.length - 1)) % options.length);
    } else if (event.key === "Enter" && showList && options[active]) {
      // Enter picks the highlighted name; with the list closed it applies the search (the form's submit).
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === "Escape" && showList) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

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
            role="combobox"
            aria-expanded={showList}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={showList && options[active] ? `${listId}-${active}` : undefined}
            autoComplete="off"
            value={value}
            placeholder={placeholder}
            data-testid={testId}
            onChange={(event) => {
              onChange(event.target.value);
              setActive(0);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onKeyDown={onKeyDown}
          />
          {searching && <Loader2 aria-label={t("loadingSuggestions")} className="absolute top-2.5 right-2.5 size-4 animate-spin text-muted-foreground" />}
        </div>
      </PopoverAnchor>
      <PopoverContent
        align="start"
        className="w-(--radix-popover-trigger-width) min-w-56 p-1"
        // The input keeps the focus: a name is chosen with the arrows and Enter, or a click.
        onOpenAutoFocus={(event) => event.preventDefault()}
        onCloseAutoFocus={(event) => event.preventDefault()}
        onInteractOutside={(event) => {
          if (anchor.current?.contains(event.target as Node)) event.preventDefault();
        }}
      >
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
      </PopoverContent>
    </Popover>
  );
}
