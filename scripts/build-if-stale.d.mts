export function buildIfStale(options?: { quiet?: boolean }): boolean;
