import "server-only";
import { conflict } from "./openapi";

// What the routers of an MSP's network (nodes, their ports, links, core and external fabrics) share.

export const READ = "common:config:read";
export const WRITE = "common:config:write";

export const networkConflict = conflict("Refused by a rule of the network (a VLAN, port or index in use)");
