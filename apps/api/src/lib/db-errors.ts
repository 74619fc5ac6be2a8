/** True when the error is a unique-constraint violation, on either dialect. */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: string; message?: string; constraint?: string; detail?: string };
  const unique =
    e.code === '23505' ||
    e.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  if (!unique || !column) return unique;
  const text = `${e.message ?? ''} ${e.constraint ?? ''} ${e.detail ?? ''}`;
  return text.includes(column);
}

/** PostgreSQL SQLSTATEs that mean "the server went away or will not take us now". */
const unavailableStates = new Set([
  '57P01', // admin_shutdown (restart, pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '53300', // too_many_connections
]);
const unavailableNodeCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
const unavailableMessages = [
  'Connection terminated',
  'connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
];

/**
 * True when the database cannot be reached at the moment (a dropped or refused connection, a
 * server restarting, SQLite still locked after its busy timeout): the request may simply be
 * tried again, so it is answered 503, not 500 (issue 20).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (unavailableStates.has(code) || code.startsWith('08')) return true;
  if (unavailableNodeCodes.has(code) || code === 'SQLITE_BUSY') return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return unavailableMessages.some((m) => message.includes(m));
}
