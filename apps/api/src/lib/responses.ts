import { apiErrorSchema } from '@series-tracker/contracts';

/** A route's error answers, each one the API's error body: `response: { 200: x, ...errors }`. */
export function errorResponses<C extends number>(...codes: C[]): Record<C, typeof apiErrorSchema> {
  return Object.fromEntries(codes.map((c) => [c, apiErrorSchema])) as Record<
    C,
    typeof apiErrorSchema
  >;
}
