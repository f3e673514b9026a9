import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { callEndpoint, type EndpointKey, type RequestOf, type ResponseOf } from './call-endpoint';

export type ContractQueryOptions<K extends EndpointKey> = Omit<UseQueryOptions<ResponseOf<K>, Error, ResponseOf<K>, QueryKey>, 'queryFn'> & {
  /** From the registry (`queryKeys`), so that mutations can name it. */
  queryKey: QueryKey;
};

/**
 * A query answered by one call, named by its key in ENDPOINTS: typed by the key's contract, cancelled with the query.
 * Everything else is TanStack's (enabled, placeholderData, retry …).
 */
export function useContractQuery<K extends EndpointKey>(
  key: K,
  payload: RequestOf<K>,
  options: ContractQueryOptions<K>,
): UseQueryResult<ResponseOf<K>, Error> {
  return useQuery({
    ...options,
    queryFn: ({ signal }) => callEndpoint(key, payload, { signal }),
  });
}
