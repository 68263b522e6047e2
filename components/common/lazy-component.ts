"use client";

import dynamic from "next/dynamic";
import type { ComponentType } from "react";

/**
 * A component whose code is fetched when it first renders, or sooner through `preload` (call it on the hover or focus
 * of what opens it): dialogs, panels and forms stay out of a page's first-load JavaScript (npm run bench:bundle).
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let pending: Promise<ComponentType<P>> | undefined;
  const fetchOnce = () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
  const Component = dynamic(fetchOnce, { ssr: false });
  // A failed early fetch is left to the render that needs the code, which reports it (chunk error → reload).
  const preload = () => void fetchOnce().catch(() => undefined);
  return Object.assign(Component, { preload });
}
