"use client";

import { useEffect } from "react";

const CHUNK_ERROR = /ChunkLoadError|Loading chunk [\w-]+ failed|Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;
const KEY_PREFIX = "chunk-reload:";

/** A failed dynamic module load means a new app version: reload once per distinct error message (SPEC §2). */
export function reloadOnceForChunkError(message: string, storage: Pick<Storage, "getItem" | "setItem">, reload: () => void): boolean {
  if (!CHUNK_ERROR.test(message)) return false;
  const key = KEY_PREFIX + message;
  if (storage.getItem(key)) return false;
  storage.setItem(key, String(Date.now()));
  reload();
  return true;
}

export function ChunkErrorReloader() {
  useEffect(() => {
    const check = (message: string) => reloadOnceForChunkError(message, window.sessionStorage, () => window.location.reload());
    const onError = (event: ErrorEvent) => check(String(event.message || event.error?.message || ""));
    const onRejection = (event: PromiseRejectionEvent) => check(String(event.reason?.message ?? event.reason ?? ""));
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, []);
  return null;
}
