import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { serverSettings } from "@/server/db/schema";

// Secrets the API must never return (IPsec preshared keys, fabric client secrets) are stored with AES-256-GCM.
// The key comes from MAIA_SECRET_KEY (base64, 32 bytes) or is generated once and kept in the database, so every
// console process on one database shares it.
const KEY_SETTING = "secret-encryption-key";
const keys = new WeakMap<object, Promise<Buffer>>();

async function loadKey(db: Db): Promise<Buffer> {
  if (process.env.MAIA_SECRET_KEY) return Buffer.from(process.env.MAIA_SECRET_KEY, "base64");
  await db.insert(serverSettings).values({ key: KEY_SETTING, value: randomBytes(32).toString("base64") }).onConflictDoNothing();
  const [row] = await db.select().from(serverSettings).where(eq(serverSettings.key, KEY_SETTING));
  return Buffer.from(row.value, "base64");
}

function keyFor(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = loadKey(db);
    keys.set(db, key);
  }
  return key;
}

export async function encryptSecret(db: Db, plaintext: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", await keyFor(db), iv);
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(".");
}

export async function decryptSecret(db: Db, stored: string): Promise<string> {
  const [version, iv, tag, data] = stored.split(".");
  if (version !== "v1") throw new Error("Unknown secret format");
  const decipher = createDecipheriv("aes-256-gcm", await keyFor(db), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}
