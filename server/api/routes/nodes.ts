import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import {
  coreFabricCreateSchema,
  coreFabricDetailSchema,
  coreFabricListQuerySchema,
  coreFabricSchema,
  coreFabricUpdateSchema,
  externalFabricCreateSchema,
  externalFabricListQuerySchema,
  externalFabricSchema,
  externalFabricUpdateSchema,
  fabricLinksReplaceSchema,
  fabricMeshSchema,
} from "@/lib/fabrics/schema";
import { linkCreateSchema, linkListQuerySchema, linkSchema, linkUpdateSchema } from "@/lib/links/schema";
import {
  interfaceCreateSchema,
  interfaceSchema,
  interfaceUpdateSchema,
  ipsecEndpointCreateSchema,
  ipsecEndpointSchema,
  ipsecEndpointUpdateSchema,
  nodeCreateSchema,
  nodeDetailSchema,
  nodeListQuerySchema,
  nodeSchema,
  nodeUpdateSchema,
  subinterfaceCreateSchema,
  subinterfaceSchema,
  subinterfaceUpdateSchema,
  switchPortCreateSchema,
  switchPortSchema,
  switchPortUpdateSchema,
} from "@/lib/nodes/schema";
import {
  createCoreFabric,
  deleteCoreFabric,
  getCoreFabric,
  getCoreFabricMesh,
  listCoreFabrics,
  replaceCoreFabricLinks,
  updateCoreFabric,
} from "@/server/fabrics/core";
import {
  createExternalFabric,
  deleteExternalFabric,
  getExternalFabric,
  listExternalFabrics,
  updateExternalFabric,
} from "@/server/fabrics/external";
import { createLink, deleteLink, getLink, listLinks, updateLink } from "@/server/nodes/links";
import {
  createInterface,
  createIpsecEndpoint,
  createSubinterface,
  createSwitchPort,
  deleteInterface,
  deleteIpsecEndpoint,
  deleteSubinterface,
  deleteSwitchPort,
  updateInterface,
  updateIpsecEndpoint,
  updateSubinterface,
  updateSwitchPort,
} from "@/server/nodes/ports";
import { createNode, deleteNode, getNode, listNodes, updateNode } from "@/server/nodes/service";
import { serviceContext } from "../context";
import { createRouter, errorBodySchema, jsonBody, jsonResponse, standardErrors } from "../openapi";
import { pageQuerySchema, pageSchema } from "@/lib/pagination";

// The MSP's network (SPEC §2/§3/§5): edge, CPE and core nodes with their ports, links, core fabrics and external
// fabrics. Only the MSP and the operator see them; anyone else gets 404, as for a missing object.
export const nodesRouter = createRouter();

const id = z.string().min(1).max(64);
const mspParams = z.object({ mspId: id });
const nodeParams = z.object({ nodeId: id });
const linkParams = z.object({ linkId: id });
const fabricParams = z.object({ fabricId: id });

const conflict = {
  409: { description: "Refused by a rule of the network (a VLAN, port or index in use)", content: { "application/json": { schema: errorBodySchema } } },
};
const deleted = { 204: { description: "Deleted" } };

const READ = "common:config:read";
const WRITE = "common:config:write";

// --- Nodes ---

// GET /api/v1/config/msp/{mspId}/node — the MSP's nodes by name (?kind=edge|cpe|core, ?search=).
nodesRouter.openapi(
  createRoute({
    method: "get",
    path: "/config/msp/{mspId}/node",
    tags: ["nodes"],
    request: { params: mspParams, query: pageQuerySchema.extend(nodeListQuerySchema.shape) },
    responses: { 200: jsonResponse(pageSchema(nodeSchema), "A page of nodes"), ...standardErrors },
  }),
  async (c) => c.json(await listNodes(serviceContext(c, READ), c.req.valid("param").mspId, c.req.valid("query")), 200),
);

// POST /api/v1/config/msp/{mspId}/node — an edge (Standard or With Switch), CPE or core node.
nodesRouter.openapi(
  createRoute({
    method: "post",
    path: "/config/msp/{mspId}/node",
    tags: ["nodes"],
    request: { params: mspParams, body: jsonBody(nodeCreateSchema) },
    responses: { 201: jsonResponse(nodeSchema, "Created node"), ...standardErrors },
  }),
  async (c) => c.json(await createNode(serviceContext(c, WRITE), c.req.valid("param").mspId, c.req.valid("json")), 201),
);

// GET /api/v1/config/node/{nodeId} — the node with its ports, links and assigned device.
nodesRouter.openapi(
  createRoute({
    method: "get",
    path: "/config/node/{nodeId}",
    tags: ["nodes"],
    request: { params: nodeParams },
    responses: { 200: jsonResponse(nodeDetailSchema, "The node"), ...standardErrors },
  }),
  async (c) => c.json(await getNode(serviceContext(c, READ), c.req.valid("param").nodeId), 200),
);

// PATCH /api/v1/config/node/{nodeId} — its properties; the kind stays.
nodesRouter.openapi(
  createRoute({
    method: "patch",
    path: "/config/node/{nodeId}",
    tags: ["nodes"],
    request: { params: nodeParams, body: jsonBody(nodeUpdateSchema) },
    responses: { 200: jsonResponse(nodeSchema, "Updated node"), ...standardErrors, ...conflict },
  }),
  async (c) => c.json(await updateNode(serviceContext(c, WRITE), c.req.valid("param").nodeId, c.req.valid("json")), 200),
);

// DELETE /api/v1/config/node/{nodeId} — with its ports and links.
nodesRouter.openapi(
  createRoute({
    method: "delete",
    path: "/config/node/{nodeId}",
    tags: ["nodes"],
    request: { params: nodeParams },
    responses: { ...deleted, ...standardErrors },
  }),
  async (c) => {
    await deleteNode(serviceContext(c, WRITE), c.req.valid("param").nodeId);
    return c.body(null, 204);
  },
);

// --- Interfaces ---

const interfaceParams = nodeParams.extend({ interfaceId: id });

// POST /api/v1/config/node/{nodeId}/interface
nodesRouter.openapi(
  createRoute({
    method: "post",
    path: "/config/node/{nodeId}/interface",
    tags: ["nodes"],
    request: { params: nodeParams, body: jsonBody(interfaceCreateSchema) },
    responses: { 201: jsonResponse(interfaceSchema, "Created interface"), ...standardErrors, ...conflict },
  }),
  async (c) => c.json(await createInterface(serviceContext(c, WRITE), c.req.valid("param").nodeId, c.req.valid("json")), 201),
);

// PATCH /api/v1/config/node/{nodeId}/interface/{interfaceId}
nodesRouter.openapi(
  createRoute({
    method: "patch",
    path: "/config/node/{nodeId}/interface/{interfaceId}",
    tags: ["nodes"],
    request: { params: interfaceParams, body: jsonBody(interfaceUpdateSchema) },
    responses: { 200: jsonResponse(interfaceSchema, "Updated interface"), ...standardErrors, ...conflict },
  }),
  async (c) => {
    const { nodeId, interfaceId } = c.req.valid("param");
    return c.json(await updateInterface(serviceContext(c, WRITE), nodeId, interfaceId, c.req.valid("json")), 200);
  },
);

// DELETE /api/v1/config/node/{nodeId}/interface/{interfaceId} — with its subinterfaces; not while a link uses it.
nodesRouter.openapi(
  createRoute({
    method: "delete",
    path: "/config/node/{nodeId}/interface/{interfaceId}",
    tags: ["nodes"],
    request: { params: interfaceParams },
    responses: { ...deleted, ...standardErrors, ...conflict },
  }),
  async (c) => {
    const { nodeId, interfaceId } = c.req.valid("param");
    await deleteInterface(serviceContext(c, WRITE), nodeId, interfaceId);
    return c.body(null, 204);
  },
);

// --- Subinterfaces ---

const subinterfaceParams = nodeParams.extend({ subinterfaceId: id });

// POST /api/v1/config/node/{nodeId}/subinterface — on the node's interface named by interfaceId.
nodesRouter.openapi(
  createRoute({
    method: "post",
    path: "/config/node/{nodeId}/subinterface",
    tags: ["nodes"],
    request: { params: nodeParams, body: jsonBody(subinterfaceCreateSchema) },
    responses: { 201: jsonResponse(subinterfaceSchema, "Created subinterface"), ...standardErrors, ...conflict },
  }),
  async (c) => c.json(await createSubinterface(serviceContext(c, WRITE), c.req.valid("param").nodeId, c.req.valid("json")), 201),
);

// PATCH /api/v1/config/node/{nodeId}/subinterface/{subinterfaceId}
nodesRouter.openapi(
  createRoute({
    method: "patch",
    path: "/config/node/{nodeId}/subinterface/{subinterfaceId}",
    tags: ["nodes"],
    request: { params: subinterfaceParams, body: jsonBody(subinterfaceUpdateSchema) },
    responses: { 200: jsonResponse(subinterfaceSchema, "Updated subinterface"), ...standardErrors, ...conflict },
  }),
  async (c) => {
    const { nodeId, subinterfaceId } = c.req.valid("param");
    return c.json(await updateSubinterface(serviceContext(c, WRITE), nodeId, subinterfaceId, c.req.valid("json")), 200);
  },
);

// DELETE /api/v1/config/node/{nodeId}/subinterface/{subinterfaceId}
nodesRouter.openapi(
  createRoute({
    method: "delete",
    path: "/config/node/{nodeId}/subinterface/{subinterfaceId}",
    tags: ["nodes"],
    request: { params: subinterfaceParams },
    responses: { ...deleted, ...standardErrors },
  }),
  async (c) => {
    const { nodeId, subinterfaceId } = c.req.valid("param");
    await deleteSubinterface(serviceContext(c, WRITE), nodeId, subinterfaceId);
    return c.body(null, 204);
  },
);

// --- IPsec endpoints ---

const ipsecEndpointParams = nodeParams.extend({ ipsecEndpointId: id });

// POST /api/v1/config/node/{nodeId}/ipsec-endpoint
nodesRouter.openapi(
  createRoute({
    method: "post",
    path: "/config/node/{nodeId}/ipsec-endpoint",
    tags: ["nodes"],
    request: { params: nodeParams, body: jsonBody(ipsecEndpointCreateSchema) },
    responses: { 201: jsonResponse(ipsecEndpointSchema, "Created IPsec endpoint"), ...standardErrors },
  }),
  async (c) => c.json(await createIpsecEndpoint(serviceContext(c, WRITE), c.req.valid("param").nodeId, c.req.valid("json")), 201),
);

// PATCH /api/v1/config/node/{nodeId}/ipsec-endpoint/{ipsecEndpointId}
nodesRouter.openapi(
  createRoute({
    method: "patch",
    path: "/config/node/{nodeId}/ipsec-endpoint/{ipsecEndpointId}",
    tags: ["nodes"],
    request: { params: ipsecEndpointParams, body: jsonBody(ipsecEndpointUpdateSchema) },
    responses: { 200: jsonResponse(ipsecEndpointSchema, "Updated IPsec endpoint"), ...standardErrors },
  }),
  async (c) => {
    const { nodeId, ipsecEndpointId } = c.req.valid("param");
    return c.json(await updateIpsecEndpoint(serviceContext(c, WRITE), nodeId, ipsecEndpointId, c.req.valid("json")), 200);
  },
);

// DELETE /api/v1/config/node/{nodeId}/ipsec-endpoint/{ipsecEndpointId} — not while a link uses it.
nodesRouter.openapi(
  createRoute({
    method: "delete",
    path: "/config/node/{nodeId}/ipsec-endpoint/{ipsecEndpointId}",
    tags: ["nodes"],
    request: { params: ipsecEndpointParams },
    responses: { ...deleted, ...standardErrors, ...conflict },
  }),
  async (c) => {
    const { nodeId, ipsecEndpointId } = c.req.valid("param");
    await deleteIpsecEndpoint(serviceContext(c, WRITE), nodeId, ipsecEndpointId);
    return c.body(null, 204);
  },
);

// --- Switch ports ---

const switchPortParams = nodeParams.extend({ switchPortId: id });

// POST /api/v1/config/node/{nodeId}/switch-port — on a With Switch edge node; bandwidth in Gbps.
nodesRouter.openapi(
  createRoute({
    method: "post",
    path: "/config/node/{nodeId}/switch-port",
    tags: ["nodes"],
    request: { params: nodeParams, body: jsonBody(switchPortCreateSchema) },
    responses: { 201: jsonResponse(switchPortSchema, "Created switch port"), ...standardErrors, ...conflict },
  }),
  async (c) => c.json(await createSwitchPort(serviceContext(c, WRITE), c.req.valid("param").nodeId, c.req.valid("json")), 201),
);

// PATCH /api/v1/config/node/{nodeId}/switch-port/{switchPortId}
nodesRouter.openapi(
  createRoute({
    method: "patch",
    path: "/config/node/{nodeId}/switch-port/{switchPortId}",
    tags: ["nodes"],
    request: { params: switchPortParams, body: jsonBody(switchPortUpdateSchema) },
    responses: { 200: jsonResponse(switchPortSchema, "Updated switch port"), ...standardErrors, ...conflict },
  }),
  async (c) => {
    const { nodeId, switchPortId } = c.req.valid("param");
    return c.json(await updateSwitchPort(serviceContext(c, WRITE), nodeId, switchPortId, c.req.valid("json")), 200);
  },
);

// DELETE /api/v1/config/node/{nodeId}/switch-port/{switchPortId}
nodesRouter.openapi(
  createRoute({
    method: "delete",
    path: "/config/node/{nodeId}/switch-port/{switchPortId}",
    tags: ["nodes"],
    request: { params: switchPortParams },
    responses: { ...deleted, ...standardErrors },
  }),
  async (c) => {
    const { nodeId, switchPortId } = c.req.valid("param");
    await deleteSwitchPort(serviceContext(c, WRITE), nodeId, switchPortId);
    return c.body(null, 204);
  },
);

// --- Links ---

// GET /api/v1/config/msp/{mspId}/link — the MSP's links by name (?type=, ?nodeId=, ?search=).
nodesRouter.openapi(
  createRoute({
    method: "get",
    path: "/config/msp/{mspId}/link",
    tags: ["links"],
    request: { params: mspParams, query: pageQuerySchema.extend(linkListQuerySchema.shape) },
    responses: { 200: jsonResponse(pageSchema(linkSchema), "A page of links"), ...standardErrors },
  }),
  async (c) => c.json(await listLinks(serviceContext(c, READ), c.req.valid("param").mspId, c.req.valid("query")), 200),
);

// POST /api/v1/config/msp/{mspId}/link — VLANs left out are auto-assigned (lowest free from 100 on each node).
nodesRouter.openapi(
  createRoute({
    method: "post",
    path: "/config/msp/{mspId}/link",
    tags: ["links"],
    request: { params: mspParams, body: jsonBody(linkCreateSchema) },
    responses: { 201: jsonResponse(linkSchema, "Created link"), ...standardErrors, ...conflict },
  }),
  async (c) => c.json(await createLink(serviceContext(c, WRITE), c.req.valid("param").mspId, c.req.valid("json")), 201),
);

// GET /api/v1/config/link/{linkId} — with both node names.
nodesRouter.openapi(
  createRoute({
    method: "get",
    path: "/config/link/{linkId}",
    tags: ["links"],
    request: { params: linkParams },
    responses: { 200: jsonResponse(linkSchema, "The link"), ...standardErrors },
  }),
  async (c) => c.json(await getLink(serviceContext(c, READ), c.req.valid("param").linkId), 200),
);

// PATCH /api/v1/config/link/{linkId} — a VLAN set to null is reassigned; one left out stays while its node does.
nodesRouter.openapi(
  createRoute({
    method: "patch",
    path: "/config/link/{linkId}",
    tags: ["links"],
    request: { params: linkParams, body: jsonBody(linkUpdateSchema) },
    responses: { 200: jsonResponse(linkSchema, "Updated link"), ...standardErrors, ...conflict },
  }),
  async (c) => c.json(await updateLink(serviceContext(c, WRITE), c.req.valid("param").linkId, c.req.valid("json")), 200),
);

// DELETE /api/v1/config/link/{linkId}
nodesRouter.openapi(
  createRoute({
    method: "delete",
    path: "/config/link/{linkId}",
    tags: ["links"],
    request: { params: linkParams },
    responses: { ...deleted, ...standardErrors },
  }),
  async (c) => {
    await deleteLink(serviceContext(c, WRITE), c.req.valid("param").linkId);
    return c.body(null, 204);
  },
);

// --- Core fabrics ---

// GET /api/v1/config/msp/{mspId}/core-fabric — the MSP's core fabrics by name, with node and link counts.
nodesRouter.openapi(
  createRoute({
    method: "get",
    path: "/config/msp/{mspId}/core-fabric",
    tags: ["core-fabrics"],
    request: { params: mspParams, query: pageQuerySchema.extend(coreFabricListQuerySchema.shape) },
    responses: { 200: jsonResponse(pageSchema(coreFabricSchema), "A page of core fabrics"), ...standardErrors },
  }),
  async (c) => c.json(await listCoreFabrics(serviceContext(c, READ), c.req.valid("param").mspId, c.req.valid("query")), 200),
);

// POST /api/v1/config/msp/{mspId}/core-fabric
nodesRouter.openapi(
  createRoute({
    method: "post",
    path: "/config/msp/{mspId}/core-fabric",
    tags: ["core-fabrics"],
    request: { params: mspParams, body: jsonBody(coreFabricCreateSchema) },
    responses: { 201: jsonResponse(coreFabricSchema, "Created core fabric"), ...standardErrors },
  }),
  async (c) => c.json(await createCoreFabric(serviceContext(c, WRITE), c.req.valid("param").mspId, c.req.valid("json")), 201),
);

// GET /api/v1/config/core-fabric/{fabricId} — with its core nodes, links and full-mesh status.
nodesRouter.openapi(
  createRoute({
    method: "get",
    path: "/config/core-fabric/{fabricId}",
    tags: ["core-fabrics"],
    request: { params: fabricParams },
    responses: { 200: jsonResponse(coreFabricDetailSchema, "The core fabric"), ...standardErrors },
  }),
  async (c) => c.json(await getCoreFabric(serviceContext(c, READ), c.req.valid("param").fabricId), 200),
);

// PATCH /api/v1/config/core-fabric/{fabricId} — renames it.
nodesRouter.openapi(
  createRoute({
    method: "patch",
    path: "/config/core-fabric/{fabricId}",
    tags: ["core-fabrics"],
    request: { params: fabricParams, body: jsonBody(coreFabricUpdateSchema) },
    responses: { 200: jsonResponse(coreFabricSchema, "Updated core fabric"), ...standardErrors },
  }),
  async (c) => c.json(await updateCoreFabric(serviceContext(c, WRITE), c.req.valid("param").fabricId, c.req.valid("json")), 200),
);

// DELETE /api/v1/config/core-fabric/{fabricId} — with its links; the core nodes leave it.
nodesRouter.openapi(
  createRoute({
    method: "delete",
    path: "/config/core-fabric/{fabricId}",
    tags: ["core-fabrics"],
    request: { params: fabricParams },
    responses: { ...deleted, ...standardErrors },
  }),
  async (c) => {
    await deleteCoreFabric(serviceContext(c, WRITE), c.req.valid("param").fabricId);
    return c.body(null, 204);
  },
);

// PUT /api/v1/config/core-fabric/{fabricId}/links — the link editor's save: the whole link set, full mesh required.
nodesRouter.openapi(
  createRoute({
    method: "put",
    path: "/config/core-fabric/{fabricId}/links",
    tags: ["core-fabrics"],
    request: { params: fabricParams, body: jsonBody(fabricLinksReplaceSchema) },
    responses: { 200: jsonResponse(coreFabricDetailSchema, "The core fabric with its new links"), ...standardErrors, ...conflict },
  }),
  async (c) => c.json(await replaceCoreFabricLinks(serviceContext(c, WRITE), c.req.valid("param").fabricId, c.req.valid("json")), 200),
);

// GET /api/v1/config/core-fabric/{fabricId}/mesh — whether every pair of core nodes has a link, and which lack one.
nodesRouter.openapi(
  createRoute({
    method: "get",
    path: "/config/core-fabric/{fabricId}/mesh",
    tags: ["core-fabrics"],
    request: { params: fabricParams },
    responses: { 200: jsonResponse(fabricMeshSchema, "Full-mesh status"), ...standardErrors },
  }),
  async (c) => c.json(await getCoreFabricMesh(serviceContext(c, READ), c.req.valid("param").fabricId), 200),
);

// --- External fabrics ---

// GET /api/v1/config/msp/{mspId}/external-fabric — the MSP's external fabrics by name.
nodesRouter.openapi(
  createRoute({
    method: "get",
    path: "/config/msp/{mspId}/external-fabric",
    tags: ["external-fabrics"],
    request: { params: mspParams, query: pageQuerySchema.extend(externalFabricListQuerySchema.shape) },
    responses: { 200: jsonResponse(pageSchema(externalFabricSchema), "A page of external fabrics"), ...standardErrors },
  }),
  async (c) => c.json(await listExternalFabrics(serviceContext(c, READ), c.req.valid("param").mspId, c.req.valid("query")), 200),
);

// POST /api/v1/config/msp/{mspId}/external-fabric — an Equinix account; the client secret is never returned.
nodesRouter.openapi(
  createRoute({
    method: "post",
    path: "/config/msp/{mspId}/external-fabric",
    tags: ["external-fabrics"],
    request: { params: mspParams, body: jsonBody(externalFabricCreateSchema) },
    responses: { 201: jsonResponse(externalFabricSchema, "Created external fabric"), ...standardErrors },
  }),
  async (c) => c.json(await createExternalFabric(serviceContext(c, WRITE), c.req.valid("param").mspId, c.req.valid("json")), 201),
);

// GET /api/v1/config/external-fabric/{fabricId}
nodesRouter.openapi(
  createRoute({
    method: "get",
    path: "/config/external-fabric/{fabricId}",
    tags: ["external-fabrics"],
    request: { params: fabricParams },
    responses: { 200: jsonResponse(externalFabricSchema, "The external fabric"), ...standardErrors },
  }),
  async (c) => c.json(await getExternalFabric(serviceContext(c, READ), c.req.valid("param").fabricId), 200),
);

// PATCH /api/v1/config/external-fabric/{fabricId} — the client secret only when it changes.
nodesRouter.openapi(
  createRoute({
    method: "patch",
    path: "/config/external-fabric/{fabricId}",
    tags: ["external-fabrics"],
    request: { params: fabricParams, body: jsonBody(externalFabricUpdateSchema) },
    responses: { 200: jsonResponse(externalFabricSchema, "Updated external fabric"), ...standardErrors },
  }),
  async (c) => c.json(await updateExternalFabric(serviceContext(c, WRITE), c.req.valid("param").fabricId, c.req.valid("json")), 200),
);

// DELETE /api/v1/config/external-fabric/{fabricId}
nodesRouter.openapi(
  createRoute({
    method: "delete",
    path: "/config/external-fabric/{fabricId}",
    tags: ["external-fabrics"],
    request: { params: fabricParams },
    responses: { ...deleted, ...standardErrors },
  }),
  async (c) => {
    await deleteExternalFabric(serviceContext(c, WRITE), c.req.valid("param").fabricId);
    return c.body(null, 204);
  },
);
