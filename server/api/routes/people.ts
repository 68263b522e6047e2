import { createRouter } from "../openapi";

export const peopleRouter = createRouter();
