// npm run bench:simulator — the simulator's world for one customer of BENCH_SITES sites (default 20,000), shaped
// like the scale seed: how long the build takes, the longest the event loop waits meanwhile (what a request or a
// shutdown would wait), and one tick's state (sliced). No database: the network is made in memory.
import os from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { NO_FAULTS } from "@/server/simulator/faults";
import { buildWorld } from "@/server/simulator/world";
import { scaleNetwork } from "../tests/fixtures/simulator-scale-network";

const SITES = Number(process.env.BENCH_SITES ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const network = scaleNetwork({ sites: SITES });
console.log(`${network.sites.length} sites, ${network.connectors.length} connectors, ${network.paths.length} paths (load ${os.loadavg()[0].toFixed(2)})`);

const ms = (ns: number) => (ns / 1e6).toFixed(0);
let previous: Awaited<ReturnType<typeof buildWorld>> | undefined;
for (let round = 1; round <= ROUNDS; round++) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  // A timer keeps the loop turning, as requests would: the histogram sees each wait between turns.
  const ticker = setInterval(() => {}, 5);
  await new Promise((resolve) => setTimeout(resolve, 20));
  const started = performance.now();
  const world = await buildWorld(network, 1, round === ROUNDS ? previous : undefined);
  const built = performance.now();
  const stateStarted = performance.now();
  await world.stateInSlices(Date.now(), NO_FAULTS, 10_000);
  const stateMs = performance.now() - stateStarted;
  await new Promise((resolve) => setTimeout(resolve, 20));
  clearInterval(ticker);
  delay.disable();
  const reuse = round === ROUNDS && previous ? " (from the previous world, nothing changed)" : "";
  console.log(
    `round ${round}${reuse}: plan and world ${(built - started).toFixed(0)} ms, ` +
      `max event-loop delay ${ms(delay.max)} ms (p99 ${ms(delay.percentile(99))} ms), one tick's state (sliced) ${stateMs.toFixed(0)} ms, ` +
      `${world.distanceEvaluations} distance evaluations, load ${os.loadavg()[0].toFixed(2)}`,
  );
  previous = world;
}
