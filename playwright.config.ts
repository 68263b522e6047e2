import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
// A fresh embedded database for every run, seeded with the demo network. Kept in the environment so that the test
// workers, which load this file again, know it too (tests/e2e/outbox.ts reads the mail there).
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `maia-e2e-${process.pid}-${Date.now()}`);
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  // A journey over several pages, on two cores that also run the server and two browsers.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "setup", testMatch: /auth\.setup\.ts/ },
    { name: "chromium", testIgnore: /auth\.setup\.ts/, dependencies: ["setup"] },
  ],
  webServer: {
    command: "node dist/server.mjs",
    url: `${baseURL}/login`,
    reuseExistingServer: false,
    // A journey over several pages, on two cores that also run the server and two browsers.
  timeout: 60_000,
    stdout: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_PASSWORD: "maia-demo",
      SEED_DEMO: "on",
      // The simulator plays the devices as in the demo, with its first faults 40 s after start; the month
      // of history is left out (the pages under test read live data). Every 5 s rather than the demo's 10: the
      // charts fill quickly; at 2 s its ingest took two thirds of the database's time and slowed every page under test.
      SIMULATOR: "on",
      SIMULATOR_FIRST_FAULT_MS: "40000",
      SIMULATOR_INTERVAL_MS: "5000",
      // Every fault but the silent device: it is the Seattle edge, the device the rollout journey upgrades, and a
      // silent device fails its upgrade — the rollout then halts on that, not on the SLA gate the journey checks,
      // whenever the two overlap. No journey counts on the silence (unit tests cover it).
      SIMULATOR_FAULTS: "all,-device-silent",
      SIMULATOR_BACKFILL: "off",
      // The journeys play the simulator's link-down fault on a link of theirs (POST /api/v1/simulator/link/{id}/down).
      SIMULATOR_FAULT_CONTROL: "on",
      // The automation journey's webhook receiver listens on loopback (issue 43).
      WEBHOOK_ALLOW_PRIVATE: "on",
      // Lifecycle operations run in seconds rather than a minute, so a journey watches one end.
      LIFECYCLE_INSTALL_SECONDS: "12",
      LIFECYCLE_REBOOT_SECONDS: "8",
    },
  },
});
