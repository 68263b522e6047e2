"use client";

import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";
import { useLocale } from "next-intl";
import { useTheme } from "next-themes";
import { useEffect, useRef } from "react";

/**
 * Scalar draws its reference inside a <main> of its own, a second main landmark in the console's (axe:
 * landmark-no-duplicate-main, landmark-main-is-top-level): it is made a region, named as Scalar names it, whenever
 * Scalar (re)draws it.
 */
function useNestedMainAsRegion() {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const demote = () => {
      for (const main of root.querySelectorAll("main:not([role])")) main.setAttribute("role", "region");
    };
    demote();
    const observer = new MutationObserver(demote);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return container;
}

// Scalar renders our OpenAPI document; nothing is fetched from elsewhere (no fonts, no telemetry).
export default function ApiReference() {
  const { resolvedTheme } = useTheme();
  const locale = useLocale();
  const container = useNestedMainAsRegion();
  return (
    <div ref={container}>
      <ApiReferenceReact
        configuration={{
          url: "/api/v1/openapi.json",
          telemetry: false,
          withDefaultFonts: false,
          showDeveloperTools: "never",
          hideDarkModeToggle: true,
          forceDarkModeState: resolvedTheme === "dark" ? "dark" : "light",
          documentDownloadType: "json",
          mcp: { disabled: true },
          // The hosted "Ask AI" agent would send the document elsewhere; the console has its own assistant.
          agent: { disabled: true },
          localization: { locale },
          defaultOpenFirstTag: true,
        }}
      />
    </div>
  );
}
