import { PassThrough, type Readable } from 'node:stream';
import { ERROR_CODES, type Endpoint, type EndpointResponse } from '@ads/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../errors';
import type { Principal } from '../principal';

/**
 * What each raw route takes instead of JSON, by `METHOD path` (the contract walker's guide: their
 * payload travels in the query string whatever the method).
 */
export const rawRouteBodies = new Map<string, string>();

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
  rawRouteBodies.set(`${endpoint.method} ${endpoint.path}`, options.consumes ?? 'none');
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

const hasBoundary = (contentType: string | undefined) => /;\s*boundary=("[^"]+"|[^\s;]+)/i.test(contentType ?? '');

const unreadable = (what: string) =>
  new AppError(400, ERROR_CODES.multipartInvalid, `The ${what} could not be read: the form is not valid multipart/form-data.`, {
    fields: { file: 'The upload could not be read: please choose the file again.' },
  });

const cutShort = (what: string) =>
  new AppError(400, ERROR_CODES.validationFailed, `The form ended before the ${what} did: send the whole form, up to its closing boundary.`, {
    fields: { file: 'The upload was cut short: please choose the file again.' },
  });

/**
 * The part's bytes as a service reads them, failing with a 400 when the form ends before its
 * closing boundary. Busboy then emits an error on the part, or the multipart plugin destroys it
 * without an end; a reader that came after that would wait for the end forever (no answer at all).
 */
const wholePart = (file: Readable, what: string): Readable => {
  const out = new PassThrough();
  // A service that refuses before reading (a stale version) never listens: the error is not thrown.
  out.on('error', () => {});
  const refuse = () => out.destroy(cutShort(what));
  file.on('error', refuse);
  file.once('close', () => {
    if (!file.readableEnded) refuse();
  });
  // Refused early by the service (too large, not an image): the rest of the part is read to nothing.
  out.once('close', () => {
    file.unpipe(out);
    if (!file.destroyed) file.resume();
  });
  if (file.destroyed && !file.readableEnded) refuse();
  else file.pipe(out);
  return out;
};

/** The one `file` part of a multipart request, or a 400 naming the field. */
export const filePart = async (request: FastifyRequest, what: string) => {
  // Without a boundary the parser throws a plain Error (a 500): it is the client's mistake.
  if (request.isMultipart() && !hasBoundary(request.headers['content-type'])) {
    throw new AppError(
      400,
      ERROR_CODES.multipartInvalid,
      `Send the ${what} as multipart/form-data with a boundary in the Content-Type header (as browsers do).`,
      { fields: { file: 'The upload could not be read: please choose the file again.' } },
    );
  }
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = request.isMultipart() ? await request.file() : undefined;
  } catch (err) {
    // The plugin's own refusals (too many parts, a field named __proto__) carry a 4xx; the parser's
    // (a malformed part header) are plain Errors, and the client's mistake all the same.
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) throw err;
    throw unreadable(what);
  }
  if (!part) {
    throw new AppError(400, ERROR_CODES.validationFailed, `Send the ${what} as multipart/form-data with one "file" part.`, {
      fields: { file: 'Please choose a file.' },
    });
  }
  return { ...part, file: wholePart(part.file, what) };
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
 * or downloaded under the user's name; a range answers 206. A signed link is its own permission, so
 * other sites may embed it: that is how a served ad's creative shows on a publisher's page.
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
    .header('Cross-Origin-Resource-Policy', 'cross-origin')
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
