import { expect } from "vitest";
import { call, signIn } from "./helpers";

// Alarms as a reader sees them through GET /api/v1/alarm: the stored message in the language asked for.

interface ApiAlarm {
  id: string;
  message: string;
  [field: string]: unknown;
}

/** The alarm with this id as `email` reads it in `language` (the organization narrows the list to a short one). */
export async function alarmThroughApi(email: string, alarmId: string, organizationId: string, language: "en" | "fr"): Promise<ApiAlarm> {
  const response = await call("GET", `/alarm?organizationId=${organizationId}&acknowledged=all&limit=200`, { cookie: await signIn(email), language });
  expect(response.status).toBe(200);
  const alarm = (response.body.items as ApiAlarm[]).find((item) => item.id === alarmId);
  expect(alarm, `alarm ${alarmId} in the first page`).toBeDefined();
  return alarm!;
}

/** The message of an alarm in English and in French, read through the API. */
export async function alarmMessages(email: string, alarmId: string, organizationId: string): Promise<{ en: string; fr: string }> {
  const [en, fr] = [await alarmThroughApi(email, alarmId, organizationId, "en"), await alarmThroughApi(email, alarmId, organizationId, "fr")];
  return { en: en.message, fr: fr.message };
}
