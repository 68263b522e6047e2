"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useDiscardConfirmation } from "./leave-confirmation";

/** Internal link the click would follow, or null for anything we should not intercept. */
function internalHref(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
  if (!anchor || anchor.target === "_blank" || anchor.hasAttribute("download")) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  const next = url.pathname + url.search + url.hash;
  return next === window.location.pathname + window.location.search + window.location.hash ? null : next;
}

/** SPEC §4: unsaved changes trigger a leave confirmation — for links inside the console and for closing the tab. */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const router = useRouter();
  const { requestClose, confirmation } = useDiscardConfirmation();

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    const onClick = (event: MouseEvent) => {
      const href = internalHref(event);
      if (!href) return;
      event.preventDefault();
      event.stopPropagation();
      requestClose(true, () => router.push(href));
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [when, requestClose, router]);

  return confirmation;
}
