"use client";

import { useTranslations } from "next-intl";
import { Component, type ReactNode } from "react";

interface State {
  error: Error | null;
}

class Boundary extends Component<{ children: ReactNode; render: (error: Error) => ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: unknown) {
    console.error("[chart] rendering failed:", error);
  }

  render() {
    return this.state.error ? this.props.render(this.state.error) : this.props.children;
  }
}

/** One chart failing shows SPEC §8's message in its place; the rest of the dashboard goes on. */
export function ChartErrorBoundary({ children }: { children: ReactNode }) {
  const t = useTranslations("charts");
  return (
    <Boundary
      render={(error) => (
        <p role="alert" data-testid="chart-error" className="rounded-md border border-status-bad/40 bg-status-bad/10 px-3 py-2 text-sm">
          {t("renderError", { error: error.message })}
        </p>
      )}
    >
      {children}
    </Boundary>
  );
}
