"use client";

import { CalendarPlus } from "lucide-react";
import { useTranslations } from "next-intl";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { lazyComponent } from "@/components/common/lazy-component";
import { PageHeader } from "@/components/pages/page-header";
import { IntentLink } from "@/components/shell/intent-link";
import { useCan, useConsole } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import type { LifecycleTab } from "@/lib/lifecycle/schema";
import { organizationPath } from "@/lib/routes";
import { cn } from "@/lib/utils";
import { StagedRolloutButton } from "./rollout-button";
import { RolloutsPanel } from "./rollouts-panel";
import { useUserTimeZone } from "./use-zoned-clock";

const ScheduleDialog = lazyComponent(() => import("./schedule-dialog").then((module) => module.ScheduleDialog));

// The tabs in their order, checked against the schema's (its runtime, zod, stays out of the page's first load).
const TABS = Object.keys({ scheduled: true, running: true, finished: true } satisfies Record<LifecycleTab, true>) as LifecycleTab[];

/** The tab a lifecycle URL shows (msp/lifecycle itself opens on Scheduled). */
export function lifecycleTabOf(pathname: string): LifecycleTab {
  const last = pathname.split("/").at(-1) as LifecycleTab;
  return TABS.includes(last) ? last : "scheduled";
}

/**
 * msp/lifecycle: the operations on the tabs Scheduled, Running and Finished (SPEC §2), kept current over /ws, with the
 * staged rollouts above them (started beside Schedule).
 */
export function LifecycleLayout({ children }: { children: React.ReactNode }) {
  const t = useTranslations("lifecycle");
  const { organization } = useConsole();
  const canWrite = useCan("msp:lifecycle:write");
  const pathname = usePathname();
  const timeZone = useUserTimeZone();
  const [scheduling, setScheduling] = useState(false);
  const active = lifecycleTabOf(pathname);
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={t("title")}
        description={t("description", { organization: organization.name })}
        actions={
          canWrite && (
            <div className="flex flex-wrap gap-2">
              <StagedRolloutButton organizationId={organization.id} />
              <Button
                onClick={() => setScheduling(true)}
                onPointerEnter={ScheduleDialog.preload}
                onFocus={ScheduleDialog.preload}
                data-testid="lifecycle-schedule-open"
              >
                <CalendarPlus aria-hidden />
                {t("schedule.open")}
              </Button>
            </div>
          )
        }
      />
      {canWrite && scheduling && <ScheduleDialog organizationId={organization.id} open={scheduling} setOpen={setScheduling} />}
      <RolloutsPanel organizationId={organization.id} />
      <div className="mb-4 flex flex-wrap items-end justify-between gap-x-4 gap-y-2 border-b">
        <nav className="flex gap-4" aria-label={t("tabs.label")}>
          {TABS.map((tab) => (
            <IntentLink
              key={tab}
              href={organizationPath(organization.id, `msp/lifecycle/${tab}`)}
              aria-current={tab === active ? "page" : undefined}
              data-testid={`lifecycle-tab-${tab}`}
              className={cn(
                "-mb-px border-b-2 px-1 pb-2 text-sm font-medium transition-colors",
                tab === active ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground",
              )}
            >
              {t(`tabs.${tab}`)}
            </IntentLink>
          ))}
        </nav>
        <p className="pb-2 text-xs text-muted-foreground">{t("timeZone", { timeZone })}</p>
      </div>
      {children}
    </div>
  );
}
