import "server-only";
import { z } from "zod";
import { auditEntrySchema, auditExportQuerySchema, auditSearchSchema } from "@/lib/audit/schema";
import { pageQuerySchema, pageSchema } from "@/lib/pagination-schema";
import { exportAudit } from "@/server/audit/export";
import { listAudit } from "@/server/audit/service";
import { serviceContext } from "../context";
import { createRouter, jsonResponse, route, standardErrors } from "../openapi";
import { organizationParams } from "../params";

export const auditRouter = createRouter();

// The audit log names people and what they changed: it is read with the scope that reads people (common:user:read).
const AUDIT_SCOPES = ["common:user:read"] as const;

// GET /api/v1/organization/{organizationId}/audit — the changes people made in the organization's console (an MSP's
// with its customers', the operator's across all organizations), newest first, filtered by user, kind, object, time.
auditRouter.openapi(
  route({
    method: "get",
    path: "/organization/{organizationId}/audit",
    scopes: AUDIT_SCOPES,
    tags: ["audit"],
    request: { params: organizationParams, query: pageQuerySchema.extend(auditSearchSchema.shape) },
    responses: { 200: jsonResponse(pageSchema(auditEntrySchema), "A page of the audit log, newest first"), ...standardErrors },
  }),
  async (c) => c.json(await listAudit(serviceContext(c), c.req.valid("param").organizationId, c.req.valid("query")), 200),
);

// GET /api/v1/organization/{organizationId}/audit/export — every entry the same filter shows, as CSV (in the language
// asked, else the request's) or JSON (the list's entries), streamed a page at a time.
auditRouter.openapi(
  route({
    method: "get",
    path: "/organization/{organizationId}/audit/export",
    scopes: AUDIT_SCOPES,
    tags: ["audit"],
    request: { params: organizationParams, query: auditExportQuerySchema },
    responses: {
      200: {
        description: "The filtered audit log as a file (Content-Disposition: attachment)",
        content: { "text/csv": { schema: z.string() }, "application/json": { schema: z.array(auditEntrySchema) } },
      },
      ...standardErrors,
    },
  }),
  async (c) => {
    const { format, language, ...search } = c.req.valid("query");
    const file = await exportAudit(serviceContext(c), c.req.valid("param").organizationId, search, format, language ?? c.get("locale"));
    return c.body(file.body, 200, {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.filename}"`,
      "cache-control": "no-store",
    });
  },
);
