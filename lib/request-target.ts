// A request target's path, and whether its percent-encoding is well formed ("%ZZ", a cut-off "%E0%A4", or bytes that
// are no UTF-8 are not): Next throws on such a path and the API's routes cannot match one.

/** The path of a request target ("/a/b?x=1" → "/a/b"). */
export function targetPath(target: string): string {
  const query = target.indexOf("?");
  const hash = target.indexOf("#");
  const end = Math.min(query === -1 ? target.length : query, hash === -1 ? target.length : hash);
  return target.slice(0, end);
}

/** A percent-decoded value, or null when its encoding is broken. */
export function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

export const isWellFormedPath = (path: string): boolean => safeDecode(path) !== null;
