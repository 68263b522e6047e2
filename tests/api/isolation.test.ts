import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { roleFor, type RoleLevel } from "@/lib/auth/scopes";
import { hashPassword } from "@/server/auth/password";
import { getDb } from "@/server/db/client";
import { memberships, organizations, users } from "@/server/db/schema";
import { type OrgName, TYPE, visible } from "./tenancy-model";
import { call, DEMO_PASSWORD, organizationId, signIn } from "./helpers";

// The tenant-isolation matrix: every config endpoint × every target relation × every role level.
// Expectations come from a model written here, independent of the server's tenancy helper.


const CALLER_ORGS: OrgName[] = ["Contoso", "Northwind Networks", "Maia"];
const LEVELS: RoleLevel[] = ["admin", "configure", "read-only"];
// Relative to the caller: its own organization, a sibling customer, another MSP's customer, another MSP, the operator.
const TARGETS: OrgName[] = ["Contoso", "Fabrikam", "Northwind Networks", "Initech", "Bluewave Telecom", "Maia"];

const callerEmail = (org: OrgName, level: RoleLevel) => `matrix-${level}@${org.toLowerCase().replace(/\s+/g, "-")}.example`;

beforeAll(async () => {
  const db = await getDb();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const org of CALLER_ORGS) {
    const id = await organizationId(org);
    for (const level of LEVELS) {
      const [user] = await db.insert(users).values({ email: callerEmail(org, level), firstName: "Matrix", lastName: level, passwordHash }).returning();
      await db.insert(memberships).values({ userId: user.id, organizationId: id, role: roleFor(TYPE[org], level) });
    }
  }
});

interface Endpoint {
  name: string;
  write: boolean;
  mspOnly: boolean;
  okStatus: number;
  send: (cookie: string, id: string, name: string) => ReturnType<typeof call>;
}

const ENDPOINTS: Endpoint[] = [
  {
    name: "GET /config/msp/{id}/organization",
    write: false,
    mspOnly: true,
    okStatus: 200,
    send: (cookie, id) => call("GET", `/config/msp/${id}/organization`, { cookie }),
  },
  {
    name: "PATCH /config/organization/{id}",
    write: true,
    mspOnly: false,
    okStatus: 200,
    send: (cookie, id, name) => call("PATCH", `/config/organization/${id}`, { cookie, body: { name } }),
  },
  {
    name: "PATCH /config/msp/{id}",
    write: true,
    mspOnly: true,
    okStatus: 200,
    send: (cookie, id, name) => call("PATCH", `/config/msp/${id}`, { cookie, body: { name } }),
  },
  {
    name: "POST /config/msp/{id}/organization",
    write: true,
    mspOnly: true,
    okStatus: 201,
    send: (cookie, id) => call("POST", `/config/msp/${id}/organization`, { cookie, body: { name: "Matrix Customer", userEmail: "m@x.example" } }),
  },
];

const cells = ENDPOINTS.flatMap((endpoint) =>
  CALLER_ORGS.flatMap((caller) => LEVELS.flatMap((level) => TARGETS.map((target) => ({ endpoint, caller, level, target })))),
);

describe("tenant isolation matrix", () => {
  it.each(cells.map((cell) => [`${cell.endpoint.name} as ${cell.caller} ${cell.level} on ${cell.target}`, cell] as const))(
    "%s",
    async (_label, { endpoint, caller, level, target }) => {
      const cookie = await signIn(callerEmail(caller, level));
      const id = await organizationId(target);
      const db = await getDb();
      const [before] = await db.select().from(organizations).where(eq(organizations.id, id));
      const response = await endpoint.send(cookie, id, target);
      let expected: number;
      if (endpoint.write && level === "read-only") expected = 403;
      else if (!visible(caller, target) || (endpoint.mspOnly && TYPE[target] !== "msp")) expected = 404;
      else expected = endpoint.okStatus;
      expect(response.status, JSON.stringify(response.body)).toBe(expected);
      if (expected >= 400) {
        // Denied calls change nothing and reveal nothing about the target.
        const [after] = await db.select().from(organizations).where(eq(organizations.id, id));
        expect(after.updatedAt).toEqual(before.updatedAt);
        expect(JSON.stringify(response.body)).not.toContain(target);
      }
      if (expected === 200 && endpoint.name.startsWith("GET")) {
        for (const org of response.body) expect(visible(caller, org.name as OrgName) || org.name === "Matrix Customer").toBe(true);
      }
    },
  );

  it("lists only visible organizations for every caller", async () => {
    for (const caller of CALLER_ORGS) {
      for (const level of LEVELS) {
        const response = await call("GET", "/config/organization", { cookie: await signIn(callerEmail(caller, level)) });
        const names = response.body.map((org: { name: string }) => org.name).filter((name: string) => name !== "Matrix Customer");
        expect(names.sort()).toEqual(TARGETS.filter((target) => visible(caller, target)).sort());
      }
    }
  });
});
