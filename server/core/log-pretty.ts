import "server-only";
import { setLogDestination } from "./log";

/**
 * `npm run dev`: lines in colour, the area first and the fields below, through pino-pretty — a development
 * dependency, so it is loaded here and only here, never in production or the tests. Without it the lines stay JSON.
 */
export async function prettyLogsForDevelopment(): Promise<void> {
  try {
    const { default: pretty } = await import("pino-pretty");
    setLogDestination(pretty({ colorize: true, sync: true, translateTime: "HH:MM:ss.l", ignore: "pid,area", messageFormat: "{if area}[{area}] {end}{msg}" }));
  } catch {
    // pino-pretty not installed (npm install --omit=dev): JSON it is.
  }
}
