// The connector kinds, without zod: pages read them on first load; lib/connectors/schema.ts builds the API's schemas
// from them.

export const CONNECTOR_KINDS = ["physical", "ipsec", "external", "virtual", "internet"] as const;
export type ConnectorKind = (typeof CONNECTOR_KINDS)[number];

