"use client";

import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";
import { useLocale } from "next-intl";
import { useTheme } from "next-themes";

// Scalar renders our OpenAPI document; nothing is fetched from elsewhere (no fonts, no telemetry).
export default function ApiReference() {
  const { resolvedTheme } = useTheme();
  const locale = useLocale();
  return (
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
  );
}
