import { describe, expect, it, vi } from "vitest";
import { reloadOnceForChunkError } from "@/components/providers/chunk-error-reloader";

/** A Map-backed stand-in for sessionStorage. */
function fakeStorage() {
  const map = new Map<string, string>();
  return {
    map,
    storage: {
      getItem: vi.fn((key: string) => map.get(key) ?? null),
      setItem: vi.fn((key: string, value: string) => void map.set(key, value)),
    },
  };
}

const CHUNK_ERRORS = [
  "ChunkLoadError: Loading chunk 1234 failed.",
  "Loading chunk app-layout failed. (error: https://console.test/_next/static/chunks/app-layout.js)",
  "Failed to fetch dynamically imported module: https://console.test/_next/static/chunks/a1b2.js",
  "Importing a module script failed.",
  "error loading dynamically imported module: https://console.test/_next/static/chunks/c3.js",
];

const UNRELATED = [
  "",
  "TypeError: Cannot read properties of undefined (reading 'id')",
  "Failed to fetch",
  "NetworkError when attempting to fetch resource.",
  "Unknown API Error (requestId=abc)",
  "ResizeObserver loop completed with undelivered notifications.",
  "Loading failed",
];

describe("reloadOnceForChunkError (SPEC §2: reload once per distinct module-load error)", () => {
  it.each(CHUNK_ERRORS)("reloads for %j, then not again for the same message", (message) => {
    const { storage, map } = fakeStorage();
    const reload = vi.fn();
    expect(reloadOnceForChunkError(message, storage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(map.size).toBe(1);

    expect(reloadOnceForChunkError(message, storage, reload)).toBe(false);
    expect(reloadOnceForChunkError(message, storage, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("remembers across page loads through the storage (a new reload function, same storage)", () => {
    const { storage } = fakeStorage();
    const first = vi.fn();
    reloadOnceForChunkError(CHUNK_ERRORS[0], storage, first);
    const afterReload = vi.fn();
    expect(reloadOnceForChunkError(CHUNK_ERRORS[0], storage, afterReload)).toBe(false);
    expect(first).toHaveBeenCalledTimes(1);
    expect(afterReload).not.toHaveBeenCalled();
  });

  it("reloads once for each distinct message", () => {
    const { storage } = fakeStorage();
    const reload = vi.fn();
    for (const message of CHUNK_ERRORS) reloadOnceForChunkError(message, storage, reload);
    for (const message of CHUNK_ERRORS) reloadOnceForChunkError(message, storage, reload);
    expect(reload).toHaveBeenCalledTimes(CHUNK_ERRORS.length);
    expect(reloadOnceForChunkError("ChunkLoadError: Loading chunk 9999 failed.", storage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(CHUNK_ERRORS.length + 1);
  });

  it("a fresh storage (new session) allows the reload again", () => {
    const reload = vi.fn();
    reloadOnceForChunkError(CHUNK_ERRORS[2], fakeStorage().storage, reload);
    reloadOnceForChunkError(CHUNK_ERRORS[2], fakeStorage().storage, reload);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it.each(UNRELATED)("never reloads for an unrelated message %j, nor records it", (message) => {
    const { storage, map } = fakeStorage();
    const reload = vi.fn();
    expect(reloadOnceForChunkError(message, storage, reload)).toBe(false);
    expect(reloadOnceForChunkError(message, storage, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(storage.setItem).not.toHaveBeenCalled();
    expect(map.size).toBe(0);
  });

  it("an unrelated error does not use up the reload of a later chunk error", () => {
    const { storage } = fakeStorage();
    const reload = vi.fn();
    for (const message of UNRELATED) reloadOnceForChunkError(message, storage, reload);
    expect(reloadOnceForChunkError(CHUNK_ERRORS[0], storage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
