"use client";

import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";
import { useTheme } from "next-themes";

// Scalar renders our OpenAPI document; nothing is fetched from elsewhere (no fonts, no telemetry).
export default function ApiReference() {
  const { resolvedTheme } = useTheme();
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
        defaultOpenFirstTag: true,
      }}
    />
  );
}
