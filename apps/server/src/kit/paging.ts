/** What a list call asks for (contracts' list requests carry these two). */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/** The rows of one page: `limit` and `offset` for the query. */
export const pageWindow = ({ page, pageSize }: PageRequest): { limit: number; offset: number } => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

/** A page of a list, as contracts' `pageOf` answers it. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Every list answers `{items, total, page, pageSize}`. */
export const pageAnswer = <T>(items: T[], total: number, { page, pageSize }: PageRequest): Page<T> => ({ items, total, page, pageSize });
