/** A page of a collection, as every list endpoint answers (DESIGN.md, API conventions). */
export interface Page<T> {
  data: T[];
  total: number;
  limit: number;
  offset: number;
  hasMore: boolean;
}
