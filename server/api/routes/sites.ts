import { createRouter } from "../openapi";

export const sitesRouter = createRouter();
