"use client";

import { cloneElement, lazy, Suspense, useState, type ComponentType, type ReactElement, type SyntheticEvent } from "react";

/** What a lazily loaded overlay receives besides its own props: the trigger to wrap (asChild) and whether to open at once. */
export type OverlayProps = { trigger: ReactElement<TriggerHandlers>; defaultOpen: boolean };

type TriggerHandlers = {
  onClick?: (event: SyntheticEvent) => void;
  onPointerEnter?: (event: SyntheticEvent) => void;
  onFocus?: (event: SyntheticEvent) => void;
};

/**
 * An overlay (dialog, sheet, popover, menu, tooltip) whose code — Radix, floating-ui and the content — is fetched on
 * the intent to open it, not with every page (npm run bench:bundle). Until then its trigger renders alone, the same
 * element the overlay wraps once loaded: a click ("click") or a hover or focus ("hover") mounts the overlay open, and
 * a hover or focus before a click fetches its code early. The loaded overlay then stays, with its own state.
 */
export function lazyOverlay<P extends object>(load: () => Promise<ComponentType<P & OverlayProps>>, opensOn: "click" | "hover" = "click") {
  let pending: Promise<ComponentType<P & OverlayProps>> | undefined;
  const fetchOnce = () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
  // A failed fetch is left to the render that needs the code, which reports it (chunk error → reload).
  const preload = () => void fetchOnce().catch(() => undefined);
  const Overlay = lazy(() => fetchOnce().then((component) => ({ default: component })));

  function LazyOverlay(props: P & { trigger: ReactElement<TriggerHandlers> }) {
    const [opened, setOpened] = useState(false);
    const { trigger } = props;
    if (opened) {
      return (
        <Suspense fallback={trigger}>
          <Overlay {...props} defaultOpen />
        </Suspense>
      );
    }
    const own = trigger.props;
    const also =
      (handler: (() => void) | undefined, then: ((event: SyntheticEvent) => void) | undefined) => (event: SyntheticEvent) => {
        then?.(event);
        handler?.();
      };
    const open = () => setOpened(true);
    return cloneElement(
      trigger,
      opensOn === "click"
        ? { onClick: also(open, own.onClick), onPointerEnter: also(preload, own.onPointerEnter), onFocus: also(preload, own.onFocus) }
        : { onPointerEnter: also(open, own.onPointerEnter), onFocus: also(open, own.onFocus) },
    );
  }
  return Object.assign(LazyOverlay, { preload });
}
