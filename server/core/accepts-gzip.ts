import "server-only";

/** Below this many bytes a gzip frame saves too little to pay for itself (the threshold Next's compression used). */
export const GZIP_MIN_BYTES = 1024;

/**
 * The Vary header an answer that may be gzipped sends: `vary` with Accept-Encoding added, or undefined when it names it
 * already (or `*`). Caches then keep the gzipped and the plain answer apart.
 */
export function varyOnEncoding(vary: string | number | readonly string[] | null | undefined): string | undefined {
  const current = [vary ?? []].flat().join(", ");
  if (current.split(",").some((name) => ["accept-encoding", "*"].includes(name.trim().toLowerCase()))) return undefined;
  return current ? `${current}, Accept-Encoding` : "Accept-Encoding";
}

/** Whether an Accept-Encoding header takes gzip (by name or `*`, and not with q=0). */
export function acceptsGzip(header: string | null | undefined): boolean {
  return (header ?? "").split(",").some((part) => {
    const [name, ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    return (name === "gzip" || name === "*") && !params.some((param) => /^q=0(\.0*)?$/.test(param));
  });
}
