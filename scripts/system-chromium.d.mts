export const SYSTEM_CHROMIUMS: string[];
export function onPath(name: string): string | null;
export function systemChromium(): string | null;
export function chromiumPath(): string | null;
