import type { z } from 'zod';
import { ENDPOINTS, type Access, type EndpointKey, type HttpMethod } from './endpoints';

/**
 * One contract per call: the server validates with `request`/`response`, the web client is typed
 * by them, the OpenAPI document is generated from them. Method, path and access come from the
 * endpoint's row in ENDPOINTS, as literal types: a contract cannot stand for another key's call.
 * GET and PUT carry the request as query parameters, other methods as a JSON body
 * (docs/architecture.md, API conventions).
 */
export interface Endpoint<K extends EndpointKey = EndpointKey, Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  key: K;
  method: (typeof ENDPOINTS)[K]['method'];
  path: (typeof ENDPOINTS)[K]['path'];
  access: Access;
  summary: string;
  tag: string;
  request: Req;
  response: Res;
}

/** A contract's own part: what its row in ENDPOINTS does not say. */
export interface EndpointSchemas<Req extends z.ZodType, Res extends z.ZodType> {
  summary: string;
  tag: string;
  request: Req;
  response: Res;
}

export const defineEndpoint = <K extends EndpointKey, Req extends z.ZodType, Res extends z.ZodType>(
  key: K,
  schemas: EndpointSchemas<Req, Res>,
): Endpoint<K, Req, Res> => {
  const { method, path, access } = ENDPOINTS[key] as (typeof ENDPOINTS)[K];
  return { key, method, path, access, ...schemas };
};

export type EndpointRequest<E extends Endpoint> = z.input<E['request']>;
/** The request as the server holds it once the contract parsed it (defaults filled, numbers coerced). */
export type EndpointInput<E extends Endpoint> = z.output<E['request']>;
export type EndpointResponse<E extends Endpoint> = z.output<E['response']>;

/** Methods whose payload travels in the query string (docs/architecture.md, API conventions). */
export const usesQueryPayload = (method: HttpMethod): boolean => method === 'GET' || method === 'PUT';
