"use client";

import { lazy, Suspense, useEffect, useState } from "react";
import { onToastWanted, startDelivering } from "./toast";

const Toaster = lazy(() => import("./sonner").then((module) => ({ default: module.Toaster })));

// Mounted after the toaster in the same commit, so its effect runs once the toaster listens.
function Deliver() {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    void import("sonner").then(({ toast }) => {
      if (!unmounted) stop = startDelivering(toast);
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, []);
  return null;
}

/** Where the console's toasts show: sonner's toaster, fetched with the first toast (components/ui/toast.ts). */
export function ToasterHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToastWanted(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
      <Deliver />
    </Suspense>
  );
}
