import { usesQueryPayload, type Endpoint, type EndpointResponse } from '@ads/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Principal } from '../principal';

export interface HandlerContext<E extends Endpoint> {
  input: z.output<E['request']>;
  /** Present on every route that is not public. */
  principal: Principal;
  request: FastifyRequest;
}

/**
 * Registers one contract as a route: the request is validated by the contract (query string for
 * GET and PUT, JSON body otherwise), the answer serialised by it, and the access it declares is
 * enforced by the auth plugin.
 */
export const route = <E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: HandlerContext<E>) => Promise<EndpointResponse<E>>,
) => {
  const inQuery = usesQueryPayload(endpoint.method);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    config: { access: endpoint.access },
    // A body-less POST means "no payload": validate it as the empty object.
    preValidation: async (request) => {
      if (!inQuery && request.body === undefined) request.body = {};
    },
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...(inQuery ? { querystring: endpoint.request } : { body: endpoint.request }),
      response: { 200: endpoint.response },
      ...('public' in endpoint.access ? {} : { security: [{ bearer: [] }] }),
    },
    handler: async (request) =>
      handler({
        input: (inQuery ? request.query : request.body) as z.output<E['request']>,
        principal: request.principal as Principal,
        request,
      }),
  });
};
