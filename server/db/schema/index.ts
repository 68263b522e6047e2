import "server-only";
export * from "./identity";
export * from "./sites";
export * from "./nodes";
export * from "./operations";
export * from "./settings";
export * from "./telemetry";
export * from "./assistant";
export * from "./rollouts";
