import type { OrganizationType } from "@/lib/constants";

// SPEC §6 read scopes, plus write scopes of the same shape.
export const SCOPES = [
  "common:config:read",
  "common:config:write",
  "common:user:read",
  "common:user:write",
  "msp:lifecycle:read",
  "msp:lifecycle:write",
  "msp:inventory:read",
  "msp:inventory:write",
  "internal:inventory:read",
  "internal:inventory:write",
] as const;
export type Scope = (typeof SCOPES)[number];

export const ROLES = [
  "msp-admin",
  "msp-configure",
  "msp-read-only",
  "internal-admin",
  "internal-configure",
  "internal-read-only",
  "customer-admin",
  "customer-configure",
  "customer-read-only",
] as const;
export type Role = (typeof ROLES)[number];

/** Invitation roles as a person picks them (SPEC §6), one per role level. */
export const ROLE_LEVELS = ["admin", "configure", "read-only"] as const;
export type RoleLevel = (typeof ROLE_LEVELS)[number];

const read = {
  config: "common:config:read",
  user: "common:user:read",
  lifecycle: "msp:lifecycle:read",
  mspInventory: "msp:inventory:read",
  internalInventory: "internal:inventory:read",
} as const satisfies Record<string, Scope>;

const write = {
  config: "common:config:write",
  user: "common:user:write",
  lifecycle: "msp:lifecycle:write",
  mspInventory: "msp:inventory:write",
  internalInventory: "internal:inventory:write",
} as const satisfies Record<string, Scope>;

// The one role → scopes table. Configure adds write scopes; only admin manages users.
// The operator's staff also read (and, when they configure, act on) MSP lifecycle and inventory,
// since they see every organization.
export const ROLE_SCOPES: Record<Role, readonly Scope[]> = {
  "msp-read-only": [read.config, read.user, read.lifecycle, read.mspInventory],
  "msp-configure": [read.config, read.user, read.lifecycle, read.mspInventory, write.config, write.lifecycle, write.mspInventory],
  "msp-admin": [read.config, read.user, read.lifecycle, read.mspInventory, write.config, write.lifecycle, write.mspInventory, write.user],
  "internal-read-only": [read.config, read.user, read.lifecycle, read.mspInventory, read.internalInventory],
  "internal-configure": [
    read.config, read.user, read.lifecycle, read.mspInventory, read.internalInventory,
    write.config, write.lifecycle, write.mspInventory, write.internalInventory,
  ],
  "internal-admin": [
    read.config, read.user, read.lifecycle, read.mspInventory, read.internalInventory,
    write.config, write.lifecycle, write.mspInventory, write.internalInventory, write.user,
  ],
  "customer-read-only": [read.config, read.user],
  "customer-configure": [read.config, read.user, write.config],
  "customer-admin": [read.config, read.user, write.config, write.user],
};

export function scopesForRole(role: Role): Scope[] {
  return [...ROLE_SCOPES[role]];
}

export function hasScopes(held: Iterable<string>, required: readonly Scope[]): boolean {
  const set = new Set(held);
  return required.every((scope) => set.has(scope));
}

const ROLE_PREFIX: Record<OrganizationType, "msp" | "internal" | "customer"> = {
  msp: "msp",
  maia: "internal",
  customer: "customer",
};

/** The role name for a level in an organization of the given type (admin in an MSP → msp-admin). */
export function roleFor(type: OrganizationType, level: RoleLevel): Role {
  return `${ROLE_PREFIX[type]}-${level}` as Role;
}

export function roleLevel(role: Role): RoleLevel {
  return role.endsWith("read-only") ? "read-only" : role.endsWith("configure") ? "configure" : "admin";
}
