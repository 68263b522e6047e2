import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { api } from "@/lib/api/client";
import type { CsvImportInput, CsvImportResult } from "./schema";

// POST …/import — the Import dialog's calls (sites, connectors, paths, the operator's devices): a dry run, then the import; once rows were written, the lists that show
// them refetch.

export type CsvImportTarget =
  | { kind: "sites"; organizationId: string }
  | { kind: "connectors"; siteId: string }
  | { kind: "paths"; organizationId: string }
  | { kind: "devices" };

function send(target: CsvImportTarget, body: CsvImportInput): Promise<CsvImportResult> {
  switch (target.kind) {
    case "sites":
      return api.post("/api/v1/config/organization/{organizationId}/site/import", { params: { path: { organizationId: target.organizationId } }, body });
    case "connectors":
      return api.post("/api/v1/config/site/{siteId}/connector/import", { params: { path: { siteId: target.siteId } }, body });
    case "paths":
      return api.post("/api/v1/config/organization/{organizationId}/path/import", { params: { path: { organizationId: target.organizationId } }, body });
    case "devices":
      return api.post("/api/v1/inventory/device/import", { body });
  }
}

/** A CSV import into the target; `refresh` names the queries an applied import changes. */
export function useCsvImport(target: CsvImportTarget, refresh: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CsvImportInput) => send(target, body),
    onSuccess: (result) => (result.applied ? Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey }))) : undefined),
  });
}
