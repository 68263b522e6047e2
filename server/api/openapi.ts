import "server-only";
import { OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import { z } from "zod";
import type { ApiEnv } from "./context";
import { validationError } from "@/server/core/validation";

/** A router whose request bodies, params and queries are parsed by their zod schemas, failing as one 400. */
export function createRouter() {
  return new OpenAPIHono<ApiEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error as z.ZodError);
    },
  });
}

export const errorBodySchema = z.object({ error: z.string(), requestId: z.string() });

export const errorAnswerDoc = (description: string) => ({
  description,
  content: { "application/json": { schema: errorBodySchema } },
});

/** The error answers every authenticated route may give. */
export const standardErrors = {
  400: errorAnswerDoc("Invalid input"),
  401: errorAnswerDoc("Not signed in"),
  403: errorAnswerDoc("Missing scope"),
  404: errorAnswerDoc("Not found, or not visible to the caller"),
} satisfies RouteConfig["responses"];

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});

export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** An object's id in a path. */
export const idSchema = z.string().min(1).max(64);
export const idParams = z.object({ id: idSchema });

export const deleted = { 204: { description: "Deleted" } };

/** The answer of a request refused by a rule of the current state. */
export const conflict = (description: string) => ({ 409: errorAnswerDoc(description) });
