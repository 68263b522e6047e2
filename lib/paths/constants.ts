// The paths' enumerations a page reads without zod (its first load carries none); the schema re-exports them.

export const PATH_LAYERS = ["layer2", "layer3"] as const;
export type PathLayer = (typeof PATH_LAYERS)[number];
