"use client";

import {
  Activity,
  AlertTriangle,
  Boxes,
  Building2,
  CalendarClock,
  ClipboardList,
  Cloud,
  LayoutDashboard,
  MapPin,
  Network,
  Route,
  Router,
  Server,
  Users,
  Waypoints,
  type LucideIcon,
} from "lucide-react";
import { useTranslations } from "next-intl";
import { usePathname } from "next/navigation";
import { navigationFor } from "@/lib/navigation";
import { organizationPath } from "@/lib/routes";
import { cn } from "@/lib/utils";
import { IntentLink } from "./intent-link";
import { useConsole } from "./use-console";

const ICONS: Record<string, LucideIcon> = {
  dashboard: LayoutDashboard,
  sites: MapPin,
  customers: Building2,
  edgeNodes: Router,
  cpeNodes: Server,
  externalFabrics: Cloud,
  topology: Waypoints,
  inventory: Boxes,
  msps: Network,
  users: Users,
  alarms: AlertTriangle,
  events: Activity,
  audit: ClipboardList,
  lifecycle: CalendarClock,
  paths: Route,
};

/** SPEC §2 navigation groups for the organization's type and the user's scopes. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const t = useTranslations("nav");
  const pathname = usePathname();
  const { organization, user } = useConsole();
  const groups = navigationFor(organization.organizationType, user.scopes);
  return (
    <nav aria-label={t("groups.common")} className="flex flex-col gap-5">
      {groups.map((group) => (
        <div key={group.id} data-testid={`nav-group-${group.id}`}>
          <h2 className="mb-1 px-3 text-xs font-medium tracking-wide text-muted-foreground uppercase">{t(`groups.${group.id}`)}</h2>
          <ul className="flex flex-col gap-0.5">
            {group.items.map((item) => {
              const href = organizationPath(organization.id, item.path);
              const active = pathname === href || pathname.startsWith(`${href}/`);
              const Icon = ICONS[item.id] ?? LayoutDashboard;
              return (
                <li key={item.path}>
                  <IntentLink
                    href={href}
                    onClick={onNavigate}
                    aria-current={active ? "page" : undefined}
                    data-testid={`nav-${group.id}-${item.id}`}
                    className={cn(
                      "flex items-center gap-2.5 rounded-md px-3 py-1.5 text-sm text-sidebar-foreground/85 transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground",
                      active && "bg-sidebar-accent font-medium text-sidebar-accent-foreground",
                    )}
                  >
                    <Icon className="size-4 shrink-0 opacity-80" aria-hidden />
                    {t(`items.${item.id}`)}
                  </IntentLink>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
