import "server-only";
import { localizedAlarm } from "@/lib/alarms/message";
import { alarmListQuerySchema, alarmSchema } from "@/lib/alarms/schema";
import { connectorListQuerySchema, connectorSchema } from "@/lib/connectors/schema";
import { eventListQuerySchema, eventSchema } from "@/lib/events/schema";
import { deviceListQuerySchema, deviceSchema } from "@/lib/inventory/schema";
import { translateLifecycleSummary } from "@/lib/lifecycle/result-message";
import { lifecycleOperationListQuerySchema, lifecycleOperationSchema } from "@/lib/lifecycle/schema";
import { nodeListItemSchema, nodeListQuerySchema } from "@/lib/nodes/schema";
import { pathListQuerySchema, pathSchema } from "@/lib/paths/schema";
import { customerSummarySchema, organizationUserSchema, userListQuerySchema } from "@/lib/people/schema";
import { siteListItemSchema, siteListQuerySchema } from "@/lib/sites/schema";
import { listAlarms } from "@/server/alarms/service";
import { csvColumns } from "@/server/csv/columns";
import { listEvents } from "@/server/events/service";
import { listDevices } from "@/server/inventory/service";
import { listOperations } from "@/server/lifecycle/service";
import { listNodes } from "@/server/nodes/service";
import { listOrganizationPaths, listPaths } from "@/server/paths/service";
import { listCustomerSummaries } from "@/server/people/msps";
import { listOrganizationUsers } from "@/server/people/users";
import { listConnectors } from "@/server/sites/connectors";
import { listSites } from "@/server/sites/service";
import { serviceContext } from "../context";
import { csvAnswerDoc, exportCsv } from "../csv-export";
import { READ } from "../network";
import { createRouter, route, standardErrors } from "../openapi";
import { mspParams, organizationParams, siteParams } from "../params";

// Every list page's "Export CSV": the list path with .csv, its query without limit and cursor, the rows the list
// shows (its filter, its sort, the caller's tenancy) as a CSV file. One route per list, all through exportCsv.

export const exportsRouter = createRouter();

const SITE_COLUMNS = csvColumns(siteListItemSchema);
const CONNECTOR_COLUMNS = csvColumns(connectorSchema);
const PATH_COLUMNS = csvColumns(pathSchema);
const NODE_COLUMNS = csvColumns(nodeListItemSchema);
const DEVICE_COLUMNS = csvColumns(deviceSchema);
const ALARM_COLUMNS = csvColumns(alarmSchema);
const EVENT_COLUMNS = csvColumns(eventSchema);
const OPERATION_COLUMNS = csvColumns(lifecycleOperationSchema);
const USER_COLUMNS = csvColumns(organizationUserSchema);
const CUSTOMER_COLUMNS = csvColumns(customerSummarySchema);

// GET /api/v1/config/organization/{organizationId}/site.csv — the Sites page's list.
exportsRouter.openapi(
  route({
    method: "get",
    path: "/config/organization/{organizationId}/site.csv",
    scopes: ["common:config:read"],
    tags: ["sites"],
    request: { params: organizationParams, query: siteListQuerySchema },
    responses: { ...csvAnswerDoc("The organization's sites the filter keeps"), ...standardErrors },
  }),
  async (c) => {
    const context = serviceContext(c);
    const { organizationId } = c.req.valid("param");
    const query = c.req.valid("query");
    return exportCsv("sites", SITE_COLUMNS, (page) => listSites(context, organizationId, { ...query, ...page })) as never;
  },
);

// GET /api/v1/config/site/{siteId}/connector.csv — a site's connectors.
exportsRouter.openapi(
  route({
    method: "get",
    path: "/config/site/{siteId}/connector.csv",
    scopes: ["common:config:read"],
    tags: ["connectors"],
    request: { params: siteParams, query: connectorListQuerySchema },
    responses: { ...csvAnswerDoc("The site's connectors the filter keeps"), ...standardErrors },
  }),
  async (c) => {
    const context = serviceContext(c);
    const { siteId } = c.req.valid("param");
    const query = c.req.valid("query");
    return exportCsv("connectors", CONNECTOR_COLUMNS, (page) => listConnectors(context, siteId, { ...query, ...page })) as never;
  },
);

// GET /api/v1/config/path.csv — every path the caller may see that the filter keeps.
exportsRouter.openapi(
  route({
    method: "get",
    path: "/config/path.csv",
    scopes: ["common:config:read"],
    tags: ["paths"],
    request: { query: pathListQuerySchema },
    responses: { ...csvAnswerDoc("The paths the filter keeps"), ...standardErrors },
  }),
  async (c) => {
    const { db, principal } = serviceContext(c);
    const query = c.req.valid("query");
    return exportCsv("paths", PATH_COLUMNS, (page) => listPaths(db, principal, { ...query, ...page })) as never;
  },
);

// GET /api/v1/config/organization/{organizationId}/path.csv — one console's paths (an MSP's customers' for an MSP).
exportsRouter.openapi(
  route({
    method: "get",
    path: "/config/organization/{organizationId}/path.csv",
    scopes: ["common:config:read"],
    tags: ["paths"],
    request: { params: organizationParams, query: pathListQuerySchema.omit({ organizationId: true }) },
    responses: { ...csvAnswerDoc("The organization's paths the filter keeps"), ...standardErrors },
  }),
  async (c) => {
    const { db, principal } = serviceContext(c);
    const { organizationId } = c.req.valid("param");
    const query = c.req.valid("query");
    return exportCsv("paths", PATH_COLUMNS, (page) => listOrganizationPaths(db, principal, organizationId, { ...query, ...page })) as never;
  },
);

// GET /api/v1/config/msp/{mspId}/node.csv — the MSP's nodes with their health.
exportsRouter.openapi(
  route({
    method: "get",
    path: "/config/msp/{mspId}/node.csv",
    scopes: [READ],
    tags: ["nodes"],
    request: { params: mspParams, query: nodeListQuerySchema },
    responses: { ...csvAnswerDoc("The MSP's nodes the filter keeps"), ...standardErrors },
  }),
  async (c) => {
    const context = serviceContext(c);
    const { mspId } = c.req.valid("param");
    const query = c.req.valid("query");
    return exportCsv("nodes", NODE_COLUMNS, (page) => listNodes(context, mspId, { ...query, ...page })) as never;
  },
);

// GET /api/v1/inventory/device.csv — the inventory: the operator's whole stock, an MSP's own devices.
exportsRouter.openapi(
  route({
    method: "get",
    path: "/inventory/device.csv",
    scopes: { maia: ["internal:inventory:read"], others: ["msp:inventory:read"] },
    tags: ["inventory"],
    request: { query: deviceListQuerySchema },
    responses: { ...csvAnswerDoc("The devices the filter keeps"), ...standardErrors },
  }),
  async (c) => {
    const context = serviceContext(c);
    const query = c.req.valid("query");
    return exportCsv("devices", DEVICE_COLUMNS, (page) => listDevices(context, { ...query, ...page })) as never;
  },
);

// GET /api/v1/alarm.csv — the alarms the filter keeps, their messages in the caller's language as the page shows them.
exportsRouter.openapi(
  route({
    method: "get",
    path: "/alarm.csv",
    scopes: [],
    tags: ["alarms"],
    request: { query: alarmListQuerySchema },
    responses: { ...csvAnswerDoc("The alarms the filter keeps"), ...standardErrors },
  }),
  async (c) => {
    const context = serviceContext(c);
    const query = c.req.valid("query");
    const t = c.get("t");
    return exportCsv("alarms", ALARM_COLUMNS, async (page) => {
      const found = await listAlarms(context, { ...query, ...page });
      return { items: found.items.map((alarm) => localizedAlarm(t, alarm)), nextCursor: found.nextCursor };
    }) as never;
  },
);

// GET /api/v1/event.csv — the events the filter keeps, before and after as JSON.
exportsRouter.openapi(
  route({
    method: "get",
    path: "/event.csv",
    scopes: [],
    tags: ["events"],
    request: { query: eventListQuerySchema },
    responses: { ...csvAnswerDoc("The events the filter keeps"), ...standardErrors },
  }),
  async (c) => {
    const context = serviceContext(c);
    const query = c.req.valid("query");
    return exportCsv("events", EVENT_COLUMNS, (page) => listEvents(context, { ...query, ...page })) as never;
  },
);

// GET /api/v1/lifecycle/operation.csv — one tab's operations, their summaries in the caller's language.
exportsRouter.openapi(
  route({
    method: "get",
    path: "/lifecycle/operation.csv",
    scopes: ["msp:lifecycle:read"],
    tags: ["lifecycle"],
    request: { query: lifecycleOperationListQuerySchema },
    responses: { ...csvAnswerDoc("The tab's lifecycle operations"), ...standardErrors },
  }),
  async (c) => {
    const context = serviceContext(c);
    const query = c.req.valid("query");
    const t = c.get("t");
    return exportCsv("lifecycle-operations", OPERATION_COLUMNS, async (page) => {
      const found = await listOperations(context, { ...query, ...page });
      return { items: found.items.map((operation) => ({ ...operation, summary: translateLifecycleSummary(t, operation.summary) })), nextCursor: found.nextCursor };
    }) as never;
  },
);

// GET /api/v1/organization/{organizationId}/user.csv — the organization's users.
exportsRouter.openapi(
  route({
    method: "get",
    path: "/organization/{organizationId}/user.csv",
    scopes: ["common:user:read"],
    tags: ["people"],
    request: { params: organizationParams, query: userListQuerySchema },
    responses: { ...csvAnswerDoc("The organization's users the search keeps"), ...standardErrors },
  }),
  async (c) => {
    const context = serviceContext(c);
    const { organizationId } = c.req.valid("param");
    const query = c.req.valid("query");
    return exportCsv("users", USER_COLUMNS, (page) => listOrganizationUsers(context, organizationId, { ...query, ...page })) as never;
  },
);

// GET /api/v1/config/msp/{mspId}/customer-summary.csv — the Customers page: each customer with its sites counted, by name.
exportsRouter.openapi(
  route({
    method: "get",
    path: "/config/msp/{mspId}/customer-summary.csv",
    scopes: ["common:config:read"],
    tags: ["people"],
    request: { params: mspParams },
    responses: { ...csvAnswerDoc("The MSP's customers with their active and inactive sites"), ...standardErrors },
  }),
  async (c) => {
    const context = serviceContext(c);
    const { mspId } = c.req.valid("param");
    // The page shows them by name; the list is one page (an MSP has tens of customers, not thousands).
    return exportCsv("customers", CUSTOMER_COLUMNS, async () => {
      const summaries = await listCustomerSummaries(context, mspId);
      return { items: [...summaries].sort((a, b) => a.customerName.localeCompare(b.customerName)), nextCursor: null };
    }) as never;
  },
);
