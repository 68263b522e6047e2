// Types for scripts/fr-typography.mjs (a plain module: node runs it, tests/unit/fr-typography.test.ts imports it).
export declare const NARROW_NO_BREAK_SPACE: "\u202f";
export declare function typeset(key: string): boolean;
export declare function frenchTypography(text: string): string;
type Catalogue = { [key: string]: string | Catalogue };
export declare function typesetCatalogue(catalogue: Catalogue, prefix?: string): [Catalogue, number];
