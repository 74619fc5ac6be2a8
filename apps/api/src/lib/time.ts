/** Timestamps are stored as ISO 8601 UTC text on both dialects. */
export const nowIso = (): string => new Date().toISOString();

export const addDays = (iso: string, days: number): string =>
  new Date(Date.parse(iso) + days * 86_400_000).toISOString();

/** The earlier of two ISO 8601 instants, either may be absent. */
export const minIso = (a: string | null | undefined, b: string | null | undefined) =>
  !a ? (b ?? null) : !b ? a : a < b ? a : b;
/** The later of two ISO 8601 instants, either may be absent. */
export const maxIso = (a: string | null | undefined, b: string | null | undefined) =>
  !a ? (b ?? null) : !b ? a : a > b ? a : b;
