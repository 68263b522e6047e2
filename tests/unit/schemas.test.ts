import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { loginSchema } from "@/lib/auth/schema";
import {
  customerOrganizationCreateSchema,
  mspUpdateSchema,
  organizationSchema,
  organizationUpdateSchema,
} from "@/lib/organizations/schema";
import { supportTicketSchema } from "@/lib/support/schema";
import { currentUserSchema, userSettingsSchema } from "@/lib/users/schema";

/** The first message reported for a field (what a form shows), or undefined when the field is fine. */
function firstMessage(schema: z.ZodType, input: unknown, field: string): string | undefined {
  const result = schema.safeParse(input);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path.join(".") === field)?.message;
}

function expectValid<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  expect(result.success, result.success ? "" : JSON.stringify(result.error.issues)).toBe(true);
  return result.data as T;
}

function expectUnknownKeyRejected(schema: z.ZodType, valid: Record<string, unknown>) {
  const result = schema.safeParse({ ...valid, extra: "x" });
  expect(result.success).toBe(false);
  expect(result.error!.issues.some((issue) => issue.code === "unrecognized_keys")).toBe(true);
}

// SPEC §5: a name is required ("Name is required") and at least 2 characters ("Name must be at least 2 characters").
describe.each([
  ["organizationUpdateSchema", organizationUpdateSchema, {}],
  ["mspUpdateSchema", mspUpdateSchema, {}],
  ["customerOrganizationCreateSchema", customerOrganizationCreateSchema, { userEmail: "admin@acme.test" }],
] as const)("%s name", (_name, schema, rest) => {
  it('"" → validation.nameRequired', () => {
    expect(firstMessage(schema, { ...rest, name: "" }, "name")).toBe("validation.nameRequired");
  });

  it("blank (spaces only) → validation.nameRequired", () => {
    expect(firstMessage(schema, { ...rest, name: "   " }, "name")).toBe("validation.nameRequired");
  });

  it("missing → validation.nameRequired", () => {
    expect(firstMessage(schema, { ...rest }, "name")).toBe("validation.nameRequired");
  });

  it("not a string → validation.nameRequired", () => {
    expect(firstMessage(schema, { ...rest, name: 42 }, "name")).toBe("validation.nameRequired");
    expect(firstMessage(schema, { ...rest, name: null }, "name")).toBe("validation.nameRequired");
  });

  it('"a" → validation.nameMin, also when padded with spaces', () => {
    expect(firstMessage(schema, { ...rest, name: "a" }, "name")).toBe("validation.nameMin");
    expect(firstMessage(schema, { ...rest, name: "  a  " }, "name")).toBe("validation.nameMin");
  });

  it("two characters are enough, and the name is trimmed", () => {
    expect(expectValid(schema, { ...rest, name: "ab" })).toMatchObject({ name: "ab" });
    expect(expectValid(schema, { ...rest, name: "  Acme Corp  " })).toMatchObject({ name: "Acme Corp" });
  });

  it("rejects a name over 100 characters with validation.nameMax", () => {
    expect(firstMessage(schema, { ...rest, name: "x".repeat(101) }, "name")).toBe("validation.nameMax");
    expectValid(schema, { ...rest, name: "x".repeat(100) });
  });

  it("rejects unknown keys (strict)", () => {
    expectUnknownKeyRejected(schema, { ...rest, name: "Acme" });
  });
});

describe("customerOrganizationCreateSchema userEmail", () => {
  const schema = customerOrganizationCreateSchema;

  it("missing → validation.userEmailRequired", () => {
    expect(firstMessage(schema, { name: "Acme" }, "userEmail")).toBe("validation.userEmailRequired");
  });

  it('"" or blank → validation.userEmailRequired', () => {
    expect(firstMessage(schema, { name: "Acme", userEmail: "" }, "userEmail")).toBe("validation.userEmailRequired");
    expect(firstMessage(schema, { name: "Acme", userEmail: "   " }, "userEmail")).toBe("validation.userEmailRequired");
  });

  it.each(["not-an-email", "a@", "@acme.test", "a b@acme.test", "admin@acme"])("%j → validation.emailInvalid", (userEmail) => {
    expect(firstMessage(schema, { name: "Acme", userEmail }, "userEmail")).toBe("validation.emailInvalid");
  });

  it("reports both fields when both are missing", () => {
    const result = schema.safeParse({});
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
    expect(messages).toEqual({ name: "validation.nameRequired", userEmail: "validation.userEmailRequired" });
  });

  it("accepts a valid payload, trimming the name and trimming and lower-casing the email", () => {
    expect(expectValid(schema, { name: " Acme ", userEmail: "  Admin@ACME.Test " })).toEqual({
      name: "Acme",
      userEmail: "admin@acme.test",
    });
  });
});

describe("organizationSchema", () => {
  it("defaults organizationType to customer (SPEC §3)", () => {
    expect(expectValid(organizationSchema, { id: "o1", name: "Acme", parentId: null }).organizationType).toBe("customer");
  });

  it("accepts only msp, customer and maia", () => {
    for (const type of ["msp", "customer", "maia"]) {
      expectValid(organizationSchema, { id: "o1", name: "Acme", parentId: "p1", organizationType: type });
    }
    expect(organizationSchema.safeParse({ id: "o1", name: "Acme", parentId: null, organizationType: "partner" }).success).toBe(false);
  });
});

describe("loginSchema", () => {
  const valid = { email: "User@Example.COM ", password: "secret" };

  it("accepts a valid payload and normalises the email", () => {
    expect(expectValid(loginSchema, valid)).toEqual({ email: "user@example.com", password: "secret" });
  });

  it("missing or empty email → validation.emailRequired", () => {
    expect(firstMessage(loginSchema, { password: "x" }, "email")).toBe("validation.emailRequired");
    expect(firstMessage(loginSchema, { email: "", password: "x" }, "email")).toBe("validation.emailRequired");
  });

  it("bad email → validation.emailInvalid", () => {
    expect(firstMessage(loginSchema, { email: "nope", password: "x" }, "email")).toBe("validation.emailInvalid");
  });

  it("missing or empty password → validation.passwordRequired; the password is not trimmed", () => {
    expect(firstMessage(loginSchema, { email: "a@b.test" }, "password")).toBe("validation.passwordRequired");
    expect(firstMessage(loginSchema, { email: "a@b.test", password: "" }, "password")).toBe("validation.passwordRequired");
    expect(expectValid(loginSchema, { email: "a@b.test", password: " pw " }).password).toBe(" pw ");
  });

  it("rejects unknown keys (strict)", () => {
    expectUnknownKeyRejected(loginSchema, valid);
  });
});

describe("userSettingsSchema", () => {
  const valid = { userFirstName: " Ada ", userLastName: "Lovelace", userLanguage: "fr" };

  it("accepts a valid payload, trimming names", () => {
    expect(expectValid(userSettingsSchema, valid)).toEqual({ userFirstName: "Ada", userLastName: "Lovelace", userLanguage: "fr" });
  });

  it("missing or blank names → their required keys", () => {
    expect(firstMessage(userSettingsSchema, { ...valid, userFirstName: "  " }, "userFirstName")).toBe("validation.firstNameRequired");
    expect(firstMessage(userSettingsSchema, { userLastName: "L", userLanguage: "en" }, "userFirstName")).toBe("validation.firstNameRequired");
    expect(firstMessage(userSettingsSchema, { ...valid, userLastName: "" }, "userLastName")).toBe("validation.lastNameRequired");
  });

  it("too long a name → validation.personNameMax", () => {
    expect(firstMessage(userSettingsSchema, { ...valid, userLastName: "x".repeat(101) }, "userLastName")).toBe("validation.personNameMax");
  });

  it("only en and fr → otherwise validation.languageInvalid", () => {
    expect(firstMessage(userSettingsSchema, { ...valid, userLanguage: "de" }, "userLanguage")).toBe("validation.languageInvalid");
    expect(firstMessage(userSettingsSchema, { userFirstName: "A", userLastName: "B" }, "userLanguage")).toBe("validation.languageInvalid");
    expectValid(userSettingsSchema, { ...valid, userLanguage: "en" });
  });

  it("rejects unknown keys, such as the read-only email (strict)", () => {
    expectUnknownKeyRejected(userSettingsSchema, valid);
    expect(userSettingsSchema.safeParse({ ...valid, userEmail: "x@y.test" }).success).toBe(false);
  });
});

describe("currentUserSchema", () => {
  it("accepts the SPEC §3 current user with a role and scopes, and rejects unknown scopes", () => {
    const user = {
      userId: "u1",
      userEmail: "a@b.test",
      userFirstName: "A",
      userLastName: "B",
      userLanguage: "en",
      organizationId: "o1",
      role: "msp-admin",
      scopes: ["common:config:read", "msp:lifecycle:read"],
    };
    expectValid(currentUserSchema, user);
    expect(currentUserSchema.safeParse({ ...user, scopes: ["root"] }).success).toBe(false);
    expect(currentUserSchema.safeParse({ ...user, role: "superuser" }).success).toBe(false);
  });
});

describe("supportTicketSchema", () => {
  const valid = { organizationId: "o1", message: "  The path is down.  " };

  it("accepts a valid payload, trimming the message", () => {
    expect(expectValid(supportTicketSchema, valid)).toEqual({ organizationId: "o1", message: "The path is down." });
  });

  it("missing or blank message → validation.messageRequired", () => {
    expect(firstMessage(supportTicketSchema, { organizationId: "o1" }, "message")).toBe("validation.messageRequired");
    expect(firstMessage(supportTicketSchema, { organizationId: "o1", message: "   " }, "message")).toBe("validation.messageRequired");
  });

  it("a message over 5000 characters → validation.messageTooLong", () => {
    expect(firstMessage(supportTicketSchema, { organizationId: "o1", message: "x".repeat(5001) }, "message")).toBe("validation.messageTooLong");
    expectValid(supportTicketSchema, { organizationId: "o1", message: "x".repeat(5000) });
  });

  it("missing or empty organization → validation.organizationRequired", () => {
    expect(firstMessage(supportTicketSchema, { message: "hi" }, "organizationId")).toBe("validation.organizationRequired");
    expect(firstMessage(supportTicketSchema, { organizationId: "", message: "hi" }, "organizationId")).toBe("validation.organizationRequired");
  });

  it("rejects unknown keys (strict)", () => {
    expectUnknownKeyRejected(supportTicketSchema, valid);
  });
});
