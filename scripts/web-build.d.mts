// Types of scripts/web-build.mjs for the TypeScript that imports it (tests, the e2e harness).
export const root: string;
export function webSourcesPresent(): boolean;
export function webBuildStaleReason(): string | null;
export function publishBuild(buildDir: string, link?: string): string | null;
export function servedBuild(link?: string): string | null;
export function buildWeb(): number;
