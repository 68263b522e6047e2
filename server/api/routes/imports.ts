import "server-only";
import { translateMessageKey } from "@/lib/i18n/messages";
import { csvImportResultSchema, csvImportSchema, type CsvImportReport, type CsvImportResult } from "@/lib/csv/schema";
import { importCsv } from "@/server/csv/import";
import { deviceImport } from "@/server/inventory/import";
import { pathImport } from "@/server/paths/import";
import { connectorImport, siteImport } from "@/server/sites/import";
import { serviceContext, type ApiContext } from "../context";
import { createRouter, jsonBody, jsonResponse, route, standardErrors } from "../openapi";
import { organizationParams, siteParams } from "../params";

// POST …/import — sites, connectors, paths and the operator's devices from a CSV file (server/csv/import.ts): a dry run checks every row and
// writes nothing; an import writes every row or none. Run again, the same file changes nothing (rows are matched by
// name), so a retry needs no Idempotency-Key.

export const importsRouter = createRouter();

const IMPORTED = "The report, row by row: every problem by line and column in the caller's language; the rows written only when `applied`";

/** The report in the caller's words. */
function answer(c: ApiContext, report: CsvImportReport): CsvImportResult {
  const t = c.get("t");
  const { issues, ...rest } = report;
  return { ...rest, errors: issues.map(({ line, column, key, values }) => ({ line, column, message: translateMessageKey(t, key, values) })) };
}

// POST /api/v1/config/organization/{organizationId}/site/import — a customer's sites (by name).
importsRouter.openapi(
  route({
    method: "post",
    path: "/config/organization/{organizationId}/site/import",
    scopes: ["common:config:write"],
    tags: ["sites"],
    request: { params: organizationParams, body: jsonBody(csvImportSchema) },
    responses: { 200: jsonResponse(csvImportResultSchema, IMPORTED), ...standardErrors },
  }),
  async (c) => {
    const { csv, dryRun } = c.req.valid("json");
    const report = await importCsv(serviceContext(c), siteImport(c.req.valid("param").organizationId), csv, dryRun);
    return c.json(answer(c, report), 200);
  },
);

// POST /api/v1/config/site/{siteId}/connector/import — a site's connectors (by name in the site).
importsRouter.openapi(
  route({
    method: "post",
    path: "/config/site/{siteId}/connector/import",
    scopes: ["common:config:write"],
    tags: ["connectors"],
    request: { params: siteParams, body: jsonBody(csvImportSchema) },
    responses: { 200: jsonResponse(csvImportResultSchema, IMPORTED), ...standardErrors },
  }),
  async (c) => {
    const { csv, dryRun } = c.req.valid("json");
    const report = await importCsv(serviceContext(c), connectorImport(c.req.valid("param").siteId), csv, dryRun);
    return c.json(answer(c, report), 200);
  },
);

// POST /api/v1/config/organization/{organizationId}/path/import — a customer's paths (by name), ends named by site and connector.
importsRouter.openapi(
  route({
    method: "post",
    path: "/config/organization/{organizationId}/path/import",
    scopes: ["common:config:write"],
    tags: ["paths"],
    request: { params: organizationParams, body: jsonBody(csvImportSchema) },
    responses: { 200: jsonResponse(csvImportResultSchema, IMPORTED), ...standardErrors },
  }),
  async (c) => {
    const { csv, dryRun } = c.req.valid("json");
    const report = await importCsv(serviceContext(c), pathImport(c.req.valid("param").organizationId), csv, dryRun);
    return c.json(answer(c, report), 200);
  },
);

// POST /api/v1/inventory/device/import — the operator's stock (devices by serial number; none is changed).
importsRouter.openapi(
  route({
    method: "post",
    path: "/inventory/device/import",
    scopes: ["internal:inventory:write"],
    tags: ["inventory"],
    request: { body: jsonBody(csvImportSchema) },
    responses: { 200: jsonResponse(csvImportResultSchema, IMPORTED), ...standardErrors },
  }),
  async (c) => {
    const { csv, dryRun } = c.req.valid("json");
    const report = await importCsv(serviceContext(c), deviceImport(), csv, dryRun);
    return c.json(answer(c, report), 200);
  },
);
