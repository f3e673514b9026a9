import type { Endpoint, EndpointRequest, EndpointResponse, HttpMethod } from '@ads/contracts';
import { request, type CallOptions } from '../api-client';

// The call path of the data hooks. A contract object carries zod schemas, so code on the landing
// page (the bell, the shell) names its call by a zod-free route instead and borrows the contract's
// types with `import type`: `lightEndpoint<typeof notificationsList>(NOTIFICATION_API.list)`.

declare const contractOf: unique symbol;

/** A call's method and path, typed by a contract that is only imported as a type. */
export interface LightEndpoint<E extends Endpoint> {
  readonly method: HttpMethod;
  readonly path: string;
  /** Never set: carries the contract's types. */
  readonly [contractOf]?: E;
}

/** What the data hooks call: a contract (lazy pages) or a light endpoint (the landing chunk). */
export type AnyEndpoint = Endpoint | LightEndpoint<Endpoint>;

export type RequestOf<C> = C extends Endpoint ? EndpointRequest<C> : C extends LightEndpoint<infer E> ? EndpointRequest<E> : never;
export type ResponseOf<C> = C extends Endpoint ? EndpointResponse<C> : C extends LightEndpoint<infer E> ? EndpointResponse<E> : never;

export const lightEndpoint = <E extends Endpoint>(route: { readonly method: HttpMethod; readonly path: string }): LightEndpoint<E> => ({
  method: route.method,
  path: route.path,
});

/** `callApi` for either kind of endpoint; the payload and the answer are typed by the contract. */
export function callEndpoint<C extends AnyEndpoint>(endpoint: C, payload: RequestOf<C>, options?: CallOptions): Promise<ResponseOf<C>> {
  return request<ResponseOf<C>>(endpoint.method, endpoint.path, payload, options);
}
