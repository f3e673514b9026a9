import { partialMatchKey, useMutation, useQueryClient, type NetworkMode, type QueryKey, type UseMutationResult } from '@tanstack/react-query';
import { callEndpoint, type EndpointKey, type RequestOf, type ResponseOf } from './call-endpoint';
import { scopesShowing, type EntityKind } from './query-keys';

// Mutations name what they change (`changes`: kinds of things; every scope of the registry showing
// one is refetched) or, for a key of their own, what they make stale (`invalidates`), instead of
// writing `onSuccess: () => queryClient.invalidateQueries(...)` each time. The refetch is awaited:
// the mutation is pending until the views it changed show the change.

/** Key prefixes to refetch; a function when it depends on the answer (what a restore brought back). */
export type Invalidation<Res, Vars> = readonly QueryKey[] | ((result: Res, variables: Vars) => readonly QueryKey[]);
/** The kinds of things a mutation changes; a function when it depends on the answer. */
export type Changes<Res, Vars> = readonly EntityKind[] | ((result: Res, variables: Vars) => readonly EntityKind[]);

/** `keys` without those another of them already reaches (a refetch started twice cancels the first). */
function outermost(keys: readonly QueryKey[]): QueryKey[] {
  const out: QueryKey[] = [];
  keys.forEach((key, index) => {
    const reached = keys.some((other, at) => at !== index && partialMatchKey(key, other) && (other.length < key.length || at < index));
    if (!reached) out.push(key);
  });
  return out;
}

/** A change shown in one cached query before the server answers, and rolled back if it refuses. */
export interface Optimistic<Vars, T> {
  queryKey: QueryKey;
  /** The cached data as it will be; `undefined` leaves the cache alone. */
  update: (data: T | undefined, variables: Vars) => T | undefined;
}

export interface DataMutationOptions<Res, Vars, T = unknown> {
  /** What the mutation changes: every query of a scope that shows one of these kinds is refetched. */
  changes?: Changes<Res, Vars>;
  invalidates?: Invalidation<Res, Vars>;
  /**
   * With an optimistic change the cache may be wrong either way, so the `invalidates` keys (the
   * array form) are refetched whether the call succeeds or fails, and the optimistic query is also
   * refetched after a failure (without waiting: the caller's error handling runs at once).
   */
  optimistic?: Optimistic<Vars, T>;
  /** Called after a failure (and after the rollback). */
  onError?: (error: Error, variables: Vars) => void;
  /**
   * React Query's default ('online') pauses a mutation while the browser is offline, without end;
   * 'always' sends it and lets it fail, for a user who waits on the answer.
   */
  networkMode?: NetworkMode;
}

interface Snapshot {
  previous: unknown;
}

/** A mutation with the registry's invalidation, for calls that are not one JSON contract (uploads). */
export function useInvalidatingMutation<Res, Vars, T = unknown>(
  mutationFn: (variables: Vars) => Promise<Res>,
  { changes, invalidates, optimistic, onError, networkMode }: DataMutationOptions<Res, Vars, T> = {},
): UseMutationResult<Res, Error, Vars, Snapshot | undefined> {
  const queryClient = useQueryClient();
  const refetch = (keys: readonly QueryKey[]) => Promise.all(outermost(keys).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  const keysAfter = (result: Res, variables: Vars) => [
    ...(typeof invalidates === 'function' ? invalidates(result, variables) : (invalidates ?? [])),
    ...scopesShowing(typeof changes === 'function' ? changes(result, variables) : (changes ?? [])),
  ];

  return useMutation({
    mutationFn,
    // Unset, the client's default holds.
    ...(networkMode ? { networkMode } : {}),
    onMutate: optimistic
      ? async (variables) => {
          // A refetch landing after the change would bring back the old state.
          await queryClient.cancelQueries({ queryKey: optimistic.queryKey });
          const previous = queryClient.getQueryData<T>(optimistic.queryKey);
          const next = optimistic.update(previous, variables);
          if (next !== undefined) queryClient.setQueryData(optimistic.queryKey, next);
          return { previous };
        }
      : undefined,
    onError: (error, variables, snapshot) => {
      if (optimistic && snapshot?.previous) queryClient.setQueryData(optimistic.queryKey, snapshot.previous);
      onError?.(error, variables);
    },
    onSuccess: optimistic ? undefined : (result, variables) => refetch(keysAfter(result, variables)),
    onSettled: optimistic
      ? (result, error, variables) => {
          if (!error) return refetch(keysAfter(result as Res, variables));
          const keys = [...(typeof invalidates === 'function' ? [] : (invalidates ?? [])), ...(typeof changes === 'function' ? [] : scopesShowing(changes ?? []))];
          const covered = keys.some((key) => partialMatchKey(optimistic.queryKey, key));
          // Not awaited: the rollback is on screen already, and the caller says why at once.
          void refetch(covered ? keys : [...keys, optimistic.queryKey]);
        }
      : undefined,
  });
}

export interface ContractMutationOptions<K extends EndpointKey, Vars, T> extends DataMutationOptions<ResponseOf<K>, Vars, T> {
  /** The payload from the mutation's variables, when they are not the payload itself. */
  toPayload?: (variables: Vars) => RequestOf<K> | Promise<RequestOf<K>>;
}

/**
 * A mutation that makes one call, by its key: `useContractMutation('assets.renameImage', {invalidates: [queryKeys.images]})`.
 * Its variables are the contract's payload unless `toPayload` makes them something else.
 */
export function useContractMutation<K extends EndpointKey, Vars = RequestOf<K>, T = unknown>(
  key: K,
  { toPayload, ...options }: ContractMutationOptions<K, Vars, T> = {},
): UseMutationResult<ResponseOf<K>, Error, Vars, Snapshot | undefined> {
  return useInvalidatingMutation(
    async (variables: Vars) => callEndpoint(key, toPayload ? await toPayload(variables) : (variables as unknown as RequestOf<K>)),
    options,
  );
}
