"use client";

import { RotateCcw, Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { fromInput, toInput } from "@/components/events/event-search-form";
import { SubmitButton } from "@/components/forms/submit-button";
import { Button } from "@/components/ui/button";
import { DateTimeInput } from "@/components/ui/date-time-input";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { kindLabel, type Translate } from "@/lib/audit/render";
import { AUDIT_KINDS, readAuditSearch, type AuditSearchValues } from "@/lib/audit/search";

// Radix's Select takes no empty value: "any kind" has a value of its own.
const ANY_KIND = "*";

export interface AuditFilterFields {
  user: string;
  kind: string;
  object: string;
  start: string;
  end: string;
}

/**
 * The search the fields say, or why not: a time the console cannot store ("dateOutOfRange"), or an end before the
 * start ("endBeforeStart"). Unchanged times keep the URL's exact instant.
 */
export function auditSearchFromFields(fields: AuditFilterFields, current: AuditSearchValues): { search: AuditSearchValues } | { error: "dateOutOfRange" | "endBeforeStart" } {
  const asText = (value: string | Date | undefined) => (value instanceof Date ? value.toISOString() : value);
  const values = {
    user: fields.user,
    kind: fields.kind,
    object: fields.object,
    startTime: asText(fromInput(fields.start, current.startTime)),
    endTime: asText(fromInput(fields.end, current.endTime)),
  };
  const search = readAuditSearch((name) => values[name]);
  // A time typed but left out of the search cannot be stored (years outside 1–9999).
  if ((fields.start && !search.startTime) || (fields.end && !search.endTime)) return { error: "dateOutOfRange" };
  if (search.startTime && search.endTime && search.startTime > search.endTime) return { error: "endBeforeStart" };
  return { search };
}

/** User, object kind, object and time range; applying writes the URL (the list and the exports follow it). */
export function AuditFilterBar({ search, pending, onSearch }: { search: AuditSearchValues; pending: boolean; onSearch: (search: AuditSearchValues) => void }) {
  const t = useTranslations("audit.filters");
  const catalogue = useTranslations() as unknown as Translate;
  const id = useId();
  const [fields, setFields] = useState<AuditFilterFields>({
    user: search.user ?? "",
    kind: search.kind ?? "",
    object: search.object ?? "",
    start: toInput(search.startTime),
    end: toInput(search.endTime),
  });
  const [invalid, setInvalid] = useState<string | null>(null);
  const set = (name: keyof AuditFilterFields) => (value: string) => setFields((current) => ({ ...current, [name]: value }));
  const anySet = Object.values(search).some(Boolean);
  const kinds = [...AUDIT_KINDS].sort((a, b) => kindLabel(catalogue, a).localeCompare(kindLabel(catalogue, b)));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const result = auditSearchFromFields(fields, search);
    if ("error" in result) return setInvalid(t(result.error));
    setInvalid(null);
    onSearch(result.search);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm" data-testid="audit-filters" noValidate>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-user`}>{t("user")}</Label>
          <Input id={`${id}-user`} value={fields.user} onChange={(event) => set("user")(event.target.value)} placeholder={t("userPlaceholder")} data-testid="audit-user" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-kind`}>{t("kind")}</Label>
          <Select value={fields.kind || ANY_KIND} onValueChange={(next) => set("kind")(next === ANY_KIND ? "" : next)}>
            <SelectTrigger id={`${id}-kind`} className="w-full" data-testid="audit-kind">
              <SelectValue />
            </SelectTrigger>
            <SelectContent className="max-h-80" data-testid="audit-kind-options">
              <SelectItem value={ANY_KIND}>{t("anyKind")}</SelectItem>
              {kinds.map((kind) => (
                <SelectItem key={kind} value={kind}>
                  {kindLabel(catalogue, kind)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-object`}>{t("object")}</Label>
          <Input id={`${id}-object`} value={fields.object} onChange={(event) => set("object")(event.target.value)} placeholder={t("objectPlaceholder")} data-testid="audit-object-filter" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-start`}>{t("startTime")}</Label>
          <DateTimeInput id={`${id}-start`} value={fields.start} onChange={set("start")} testId="audit-start" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-end`}>{t("endTime")}</Label>
          <DateTimeInput
            id={`${id}-end`}
            value={fields.end}
            onChange={set("end")}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
            testId="audit-end"
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <SubmitButton busy={pending} data-testid="audit-apply">
          <Search aria-hidden />
          {t("apply")}
        </SubmitButton>
        {anySet && (
          <Button type="button" variant="ghost" onClick={() => onSearch({})} disabled={pending} data-testid="audit-clear">
            <RotateCcw aria-hidden />
            {t("clear")}
          </Button>
        )}
        <span className="ml-auto text-xs text-muted-foreground">{t("timeZoneHint")}</span>
      </div>
      {invalid && (
        <p id={`${id}-error`} className="text-sm text-destructive" role="alert">
          {invalid}
        </p>
      )}
    </form>
  );
}
