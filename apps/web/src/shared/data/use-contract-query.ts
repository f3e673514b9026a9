import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { callEndpoint, type AnyEndpoint, type RequestOf, type ResponseOf } from './endpoint-ref';

export type ContractQueryOptions<C extends AnyEndpoint> = Omit<UseQueryOptions<ResponseOf<C>, Error, ResponseOf<C>, QueryKey>, 'queryFn'> & {
  /** From the registry (`queryKeys`), so that mutations can name it. */
  queryKey: QueryKey;
};

/**
 * A query answered by one contract call: typed by the contract, cancelled with the query.
 * Everything else is TanStack's (enabled, placeholderData, retry …).
 */
export function useContractQuery<C extends AnyEndpoint>(
  endpoint: C,
  payload: RequestOf<C>,
  options: ContractQueryOptions<C>,
): UseQueryResult<ResponseOf<C>, Error> {
  return useQuery({
    ...options,
    queryFn: ({ signal }) => callEndpoint(endpoint, payload, { signal }),
  });
}
