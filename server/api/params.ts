import "server-only";
import { z } from "zod";
import { idSchema } from "./openapi";

// The path parameters several routers name the same way.

export const organizationParams = z.object({ organizationId: idSchema });
export const mspParams = z.object({ mspId: idSchema });
export const nodeParams = z.object({ nodeId: idSchema });
export const fabricParams = z.object({ fabricId: idSchema });
export const siteParams = z.object({ siteId: idSchema });
export const connectorParams = z.object({ connectorId: idSchema });
export const pathParams = z.object({ pathId: idSchema });
export const linkParams = z.object({ linkId: idSchema });
