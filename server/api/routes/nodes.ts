import { createRouter } from "../openapi";

export const nodesRouter = createRouter();
