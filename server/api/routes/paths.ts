import { createRouter } from "../openapi";

export const pathsRouter = createRouter();
