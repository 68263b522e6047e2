import "server-only";
import { isMainThread, threadId } from "node:worker_threads";
import pino, { type Logger } from "pino";
import { currentRequest } from "./request-scope";

// The console's one logger: a JSON line per entry with level, time and msg, the area that wrote it, and — inside a
// request — its request id, organization, user and route (server/core/request-scope.ts). The render threads and every
// other thread log through it too, each line saying which thread wrote it. `npm run dev` makes it readable
// (server/core/log-pretty.ts); production and the tests keep JSON, one object a line.

/** Where lines go: stdout, unless the entry (development) or a test put something else in its place. */
export interface LogDestination {
  write(line: string): unknown;
}

const LEVELS = new Set(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);

/** LOG_LEVEL when it names a level, else info. */
export function logLevel(env: Partial<Record<string, string>> = process.env): string {
  const wanted = env.LOG_LEVEL?.trim().toLowerCase();
  return wanted && LEVELS.has(wanted) ? wanted : "info";
}

interface LogState {
  root: Logger;
  destination: LogDestination;
  areas: Map<string, Logger>;
}

// One logger for the process's two module graphs (the server entry's and the code Next bundles), so a destination set
// by the entry holds for both.
const holder = globalThis as typeof globalThis & { __maiaLog?: LogState };

function createState(): LogState {
  const state: LogState = { destination: pino.destination({ dest: 1, sync: true }), areas: new Map(), root: undefined as unknown as Logger };
  state.root = pino(
    {
      level: logLevel(),
      base: isMainThread ? { pid: process.pid } : { pid: process.pid, thread: threadId },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin() {
        const scope = currentRequest();
        if (!scope) return {};
        return { requestId: scope.requestId, organizationId: scope.organizationId, userId: scope.userId, route: scope.route };
      },
    },
    { write: (line: string) => state.destination.write(line) },
  );
  return state;
}

const state = (holder.__maiaLog ??= createState());

/** The logger of an area ("api", "bus", "db"…): every line it writes says `area`. */
export function logger(area: string): Logger {
  let child = state.areas.get(area);
  if (!child) {
    child = state.root.child({ area });
    state.areas.set(area, child);
  }
  return child;
}

/** Sends every line to `destination` from now on; answers the one it replaces (tests put it back). */
export function setLogDestination(destination: LogDestination): LogDestination {
  const previous = state.destination;
  state.destination = destination;
  return previous;
}
