import type { Endpoint } from './endpoint';
import type { EndpointKey } from './endpoints';
import type * as contracts from './index';

// Types only: the contract of each ENDPOINTS key, for callers that hold the key and must not load
// the contract's schemas (the web). endpoints.test.ts checks the two one to one at run time.

/** Every contract the package exports. */
export type AnyContract = Extract<(typeof contracts)[keyof typeof contracts], Endpoint>;

type ContractsByKey = { [C in AnyContract as C['key']]: C };

/** The contract built from the row `K` of ENDPOINTS. */
export type ContractOf<K extends EndpointKey> = ContractsByKey[K];
