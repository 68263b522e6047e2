"use client";

import { lazyComponent } from "@/components/common/lazy-component";

/** The site's properties panel, its form and actions fetched when it first opens (or on the intent to open it). */
export const LazySitePropertiesPanel = lazyComponent(() => import("./site-properties-panel").then((module) => module.SitePropertiesPanel));
