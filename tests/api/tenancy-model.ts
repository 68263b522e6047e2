// The demo tenants and who may see whom, written independently of the server's tenancy helper so the isolation
// tests check the rule rather than repeat the code.

export type OrgName = "Maia" | "Northwind Networks" | "Bluewave Telecom" | "Contoso" | "Fabrikam" | "Initech";

export const TYPE: Record<OrgName, "maia" | "msp" | "customer"> = {
  Maia: "maia",
  "Northwind Networks": "msp",
  "Bluewave Telecom": "msp",
  Contoso: "customer",
  Fabrikam: "customer",
  Initech: "customer",
};

export const PARENT: Partial<Record<OrgName, OrgName>> = {
  Contoso: "Northwind Networks",
  Fabrikam: "Northwind Networks",
  Initech: "Bluewave Telecom",
};

/** The operator sees all, an MSP itself and its customers, a customer itself. */
export function visible(caller: OrgName, target: OrgName): boolean {
  if (TYPE[caller] === "maia") return true;
  if (TYPE[caller] === "msp") return target === caller || PARENT[target] === caller;
  return target === caller;
}
