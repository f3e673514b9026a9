import { ENDPOINTS, type ContractOf, type EndpointKey, type EndpointRequest, type EndpointResponse } from '@ads/contracts';
import { request, type CallOptions } from '../api-client';

// The web's one call path: a call is named by its key in ENDPOINTS (plain data), and typed by the
// contract of that key, imported as a type only, so no page loads zod to make a call.

export type { EndpointKey };
export type RequestOf<K extends EndpointKey> = EndpointRequest<ContractOf<K>>;
export type ResponseOf<K extends EndpointKey> = EndpointResponse<ContractOf<K>>;

/** Calls the endpoint `key`; the payload and the answer are typed by its contract. */
export function callEndpoint<K extends EndpointKey>(key: K, payload: RequestOf<K>, options?: CallOptions): Promise<ResponseOf<K>> {
  const { method, path } = ENDPOINTS[key];
  return request<ResponseOf<K>>(method, path, payload, options);
}
