import { createRouter } from "../openapi";

export const operationsRouter = createRouter();
