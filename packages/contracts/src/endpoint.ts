import type { z } from 'zod';
import type { Power } from './identity';

/** Who may call an endpoint. The server refuses to start with a route that declares none. */
export type Access = { public: true } | { signedIn: true } | { power: Power };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One contract per call: the server validates with `request`/`response`, the web client is typed
 * by them, the OpenAPI document is generated from them. GET and PUT carry the request as query
 * parameters, other methods as a JSON body (seed §7).
 */
export interface Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  path: `/api/${string}`;
  summary: string;
  tag: string;
  access: Access;
  request: Req;
  response: Res;
}

export const defineEndpoint = <Req extends z.ZodType, Res extends z.ZodType>(
  endpoint: Endpoint<Req, Res>,
): Endpoint<Req, Res> => endpoint;

export type EndpointRequest<E extends Endpoint> = z.input<E['request']>;
/** The request as the server holds it once the contract parsed it (defaults filled, numbers coerced). */
export type EndpointInput<E extends Endpoint> = z.output<E['request']>;
export type EndpointResponse<E extends Endpoint> = z.output<E['response']>;

/** Methods whose payload travels in the query string (seed §7). */
export const usesQueryPayload = (method: HttpMethod): boolean => method === 'GET' || method === 'PUT';
