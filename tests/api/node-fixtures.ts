import { expect } from "vitest";
import { call, organizationId, signIn } from "./helpers";
import { PARIS } from "./site-fixtures";

// Objects the node, link and fabric tests build through the API.

export const NW_ADMIN = "admin@northwind.example";
export const NW_CONFIGURE = "configure@northwind.example";
export const NW_READONLY = "readonly@northwind.example";
export const BW_ADMIN = "admin@bluewave.example";
export const OPERATOR = "admin@maia.example";
export const OPERATOR_READONLY = "readonly@maia.example";
export const CONTOSO_ADMIN = "admin@contoso.example";

export const NORTHWIND = "Northwind Networks";
export const BLUEWAVE = "Bluewave Telecom";

let counter = 0;
/** A name no other test uses. */
export const unique = (prefix: string) => `${prefix}-${++counter}-${Math.random().toString(36).slice(2, 6)}`;

/** POSTs and expects 201; answers the body. */
export async function created(path: string, body: unknown, email = NW_ADMIN) {
  const response = await call("POST", path, { cookie: await signIn(email), body });
  expect(response.status, `${path} ${JSON.stringify(response.body)}`).toBe(201);
  return response.body;
}

export async function mspPath(msp: string, collection: "node" | "link" | "core-fabric" | "external-fabric") {
  return `/config/msp/${await organizationId(msp)}/${collection}`;
}

export const edgeBody = (name: string, edgeType: "standard" | "with-switch" = "standard") => ({
  name,
  description: "Edge node",
  location: PARIS,
  kind: "edge",
  edgeType,
});

export async function createNode(body: Record<string, unknown>, msp = NORTHWIND, email = NW_ADMIN) {
  return created(await mspPath(msp, "node"), body, email);
}

export const createEdge = (edgeType: "standard" | "with-switch" = "standard", msp = NORTHWIND, email = NW_ADMIN) =>
  createNode(edgeBody(unique("edge"), edgeType), msp, email);

export async function createCoreNode(coreFabricId: string, name = unique("core"), msp = NORTHWIND, email = NW_ADMIN) {
  return createNode({ name, location: PARIS, kind: "core", coreFabricId }, msp, email);
}

export async function createInterface(nodeId: string, portId: string, extra: Record<string, unknown> = {}, email = NW_ADMIN) {
  return created(`/config/node/${nodeId}/interface`, { portId, type: "fabric", ...extra }, email);
}

export async function createEndpoint(nodeId: string, publicIp: string, email = NW_ADMIN) {
  return created(`/config/node/${nodeId}/ipsec-endpoint`, { publicIp }, email);
}

/** A node with one fabric interface, ready for fiber links. */
export async function fiberNode(msp = NORTHWIND, email = NW_ADMIN) {
  const node = await createEdge("standard", msp, email);
  const port = await createInterface(node.id, "xe-0/0/0", {}, email);
  return { node, port };
}

/** A fiber link body between two nodes' interfaces. */
export const fiberLink = (
  name: string,
  source: { node: { id: string }; port: { id: string } },
  destination: { node: { id: string }; port: { id: string } },
  extra: Record<string, unknown> = {},
) => ({
  name,
  type: "fiber",
  bandwidth: 10_000,
  sourceNodeId: source.node.id,
  sourceInterfaceId: source.port.id,
  destinationNodeId: destination.node.id,
  destinationInterfaceId: destination.port.id,
  ...extra,
});

export async function createLink(body: Record<string, unknown>, msp = NORTHWIND, email = NW_ADMIN) {
  return created(await mspPath(msp, "link"), body, email);
}
