import { apiErrorSchema } from '@series-tracker/contracts';

/** The error answers a route documents: each status with the API's one error body. */
export function errorResponses<const C extends number>(
  ...codes: C[]
): Record<C, typeof apiErrorSchema> {
  return Object.fromEntries(codes.map((code) => [code, apiErrorSchema])) as Record<
    C,
    typeof apiErrorSchema
  >;
}
