import { queryKeys } from '../../shared/data/query-keys';
import type { RequestOf } from '../../shared/data/call-endpoint';

export type ConversionListQuery = RequestOf<'conversions.conversionList'>;

/** Every query of conversion tracking, under the registry's scope. */
export const conversionKeys = {
  all: queryKeys.conversions,
  tag: () => [...queryKeys.conversions, 'tag'] as const,
  list: (query: ConversionListQuery) => [...queryKeys.conversions, 'list', query] as const,
};
