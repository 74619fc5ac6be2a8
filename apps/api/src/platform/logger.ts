/**
 * The slice of a logger the services use: Fastify's pino logger fits it, and CLIs and tests
 * may pass nothing (silent). Modules that need less take `Pick<Logger, ...>`.
 */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
