import type { Readable } from 'node:stream';
import { ERROR_CODES, type Endpoint, type EndpointResponse } from '@ads/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../errors';
import type { Principal } from '../principal';

/**
 * A contract whose body is not JSON (a multipart upload, raw bytes, a file download): the contract
 * still gives the path, the access, the query string's schema and, when there is one, the answer's.
 */
export const rawRoute = <E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: { consumes?: string; file?: boolean },
  handler: (ctx: { query: z.output<E['request']>; principal: Principal; request: FastifyRequest; reply: FastifyReply }) => Promise<unknown>,
) => {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    config: { access: endpoint.access },
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...(options.consumes ? { consumes: [options.consumes] } : {}),
      querystring: endpoint.request,
      ...(options.file ? {} : { response: { 200: endpoint.response } }),
      ...('public' in endpoint.access ? {} : { security: [{ bearer: [] }] }),
    },
    handler: (request, reply) =>
      handler({
        query: request.query as z.output<E['request']>,
        principal: request.principal as Principal,
        request,
        reply,
      }) as Promise<EndpointResponse<E>>,
  });
};

/** The one `file` part of a multipart request, or a 400 naming the field. */
export const filePart = async (request: FastifyRequest, what: string) => {
  const part = request.isMultipart() ? await request.file() : undefined;
  if (!part) {
    throw new AppError(400, ERROR_CODES.validationFailed, `Send the ${what} as multipart/form-data with one "file" part.`, {
      fields: { file: 'Choose a file' },
    });
  }
  return part;
};

/** Runs with an upload's stream; whatever was refused early, the rest is drained, not left hanging. */
export const draining = async <T>(stream: Readable, run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } finally {
    stream.resume();
  }
};

/** RFC 6266 / 5987: an ASCII fallback and the exact name as UTF-8. */
export const contentDisposition = (type: 'inline' | 'attachment', fileName: string): string => {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
};

/**
 * Sends stored bytes: never sniffed, cached for good (a link names immutable content), shown inline
 * or downloaded under the user's name; a range answers 206.
 */
export const sendFile = (
  reply: FastifyReply,
  file: {
    stream: Readable;
    size: number;
    contentType: string;
    fileName: string;
    range?: { start: number; end: number; length: number };
    acceptRanges?: boolean;
  },
  download: boolean,
) => {
  reply
    .header('Content-Type', file.contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, max-age=31536000, immutable')
    .header('Content-Disposition', contentDisposition(download ? 'attachment' : 'inline', file.fileName));
  if (file.acceptRanges !== undefined) reply.header('Accept-Ranges', file.acceptRanges ? 'bytes' : 'none');
  if (file.range) {
    return reply
      .status(206)
      .header('Content-Range', `bytes ${file.range.start}-${file.range.end}/${file.size}`)
      .header('Content-Length', String(file.range.length))
      .send(file.stream);
  }
  return reply.header('Content-Length', String(file.size)).send(file.stream);
};
