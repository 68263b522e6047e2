import "server-only";

/** Below this many bytes a gzip frame saves too little to pay for itself (the threshold Next's compression used). */
export const GZIP_MIN_BYTES = 1024;

/** Whether an Accept-Encoding header takes gzip (by name or `*`, and not with q=0). */
export function acceptsGzip(header: string | null | undefined): boolean {
  return (header ?? "").split(",").some((part) => {
    const [name, ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    return (name === "gzip" || name === "*") && !params.some((param) => /^q=0(\.0*)?$/.test(param));
  });
}
