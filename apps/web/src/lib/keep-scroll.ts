/**
 * Navigation options for a change within one screen (a tab, a filter) that keeps the member's
 * place on the page. Any other navigation opens at the top (app/layout/scroll-restoration,
 * ADR 188): `setParams(next, { replace: true, ...keepScroll })`.
 */
export const keepScroll = { state: { keepScroll: true } } as const;

/** Whether a location was reached with `keepScroll`. */
export function keepsScroll(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'keepScroll' in state;
}
