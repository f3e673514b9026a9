import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { StartupError } from '../startup-error';
import { assertValidKey, type Storage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server; AWS when unset. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** A folder of the bucket holding every key (no leading or trailing slash); the whole bucket when empty. */
  prefix?: string;
  /** Tests only: otherwise the SDK's standard chain (AWS_ACCESS_KEY_ID…, profiles, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bytes per part of a multipart upload (S3's minimum is 5 MiB); at most two parts are in memory per upload. */
  partSize?: number;
  /** Keys per list request (S3 answers at most 1000); smaller in tests to page through a few. */
  listPageSize?: number;
}

/** User metadata a touch writes: when the bytes were last claimed, to the millisecond (LastModified has seconds). */
const TOUCHED_AT = 'touched-at';

const statusOf = (err: unknown) => (err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined);
const isMissing = (err: unknown) =>
  statusOf(err) === 404 || (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound'));

/**
 * Files in an S3 bucket (or an S3-compatible server), under an optional prefix. Uploads stream as
 * multipart uploads (never buffered whole), an object appears only once complete, reads stream
 * and take byte ranges. S3 has no conditional delete on a modification time, so
 * `delete({ ifUnmodifiedSince })` reads the object's time and then deletes: a touch between those
 * two requests is lost, the same window the local directory has between its stat and its unlink.
 */
export const createS3Storage = (options: S3StorageOptions): Storage => {
  const { bucket, partSize = 8 * 1024 * 1024, listPageSize = 1000 } = options;
  const prefix = options.prefix ? `${options.prefix}/` : '';
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: options.credentials,
    // Checksums only where S3 requires them: many S3-compatible servers refuse the SDK's default
    // trailing checksums on streamed bodies; TLS already guards the bytes in transit.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Each video being watched holds a connection while it streams (and may pause for long: no
    // idle timeout on the socket, only on connecting).
    requestHandler: {
      connectionTimeout: 10_000,
      httpAgent: { keepAlive: true, maxSockets: 256 },
      httpsAgent: { keepAlive: true, maxSockets: 256 },
    },
  });
  const objectKey = (key: string) => {
    assertValidKey(key);
    return prefix + key;
  };

  /** The object's size, type, metadata and the later of its LastModified and its last touch; undefined when missing. */
  const head = async (key: string) => {
    try {
      const h = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      const touched = Date.parse(h.Metadata?.[TOUCHED_AT] ?? '');
      const written = h.LastModified?.getTime() ?? 0;
      return {
        size: h.ContentLength ?? 0,
        contentType: h.ContentType,
        metadata: h.Metadata ?? {},
        modifiedAt: new Date(Number.isNaN(touched) ? written : Math.max(written, touched)),
      };
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  };

  return {
    async put(key, body, { contentType }) {
      const Key = objectKey(key);
      if (Buffer.isBuffer(body)) {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: body, ContentLength: body.length, ContentType: contentType }));
        return;
      }
      // A single PUT when the stream ends within the first part, else a multipart upload that is
      // aborted when the stream or a part fails (so nothing half-written stays behind; parts an
      // abort could not remove go with removeTemporary). The caller hears why the stream failed,
      // not that the abort failed too.
      let bodyError: unknown;
      body.once('error', (err) => (bodyError = err));
      try {
        await new Upload({ client, params: { Bucket: bucket, Key, Body: body, ContentType: contentType }, partSize, queueSize: 2 }).done();
      } catch (err) {
        throw bodyError ?? err;
      }
    },

    async get(key, range) {
      const Key = objectKey(key);
      try {
        const res = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        // "bytes 0-9/1234" names the whole size on a ranged answer.
        const whole = /\/(\d+)$/.exec(res.ContentRange ?? '')?.[1];
        return { stream: res.Body as Readable, size: whole ? Number(whole) : (res.ContentLength ?? 0) };
      } catch (err) {
        if (isMissing(err)) return undefined;
        // A range starting past the end: nothing to read, as from a file.
        if (range && statusOf(err) === 416) {
          const found = await head(Key);
          return found && { stream: Readable.from([]), size: found.size };
        }
        throw err;
      }
    },

    async delete(key, opts) {
      const Key = objectKey(key);
      const found = await head(Key);
      if (!found) return false;
      if (opts?.ifUnmodifiedSince && found.modifiedAt >= opts.ifUnmodifiedSince) return false;
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
      return true;
    },

    async touch(key) {
      const Key = objectKey(key);
      const found = await head(Key);
      if (!found) return false;
      // Copying an object onto itself with new metadata writes it anew on the server side (no
      // bytes travel here): S3 gives it a new LastModified, and the metadata keeps the instant.
      // One copy request takes up to 5 GB; videos stop at 500 MB.
      try {
        await client.send(
          new CopyObjectCommand({
            Bucket: bucket,
            Key,
            CopySource: `${bucket}/${Key}`,
            MetadataDirective: 'REPLACE',
            ContentType: found.contentType,
            Metadata: { ...found.metadata, [TOUCHED_AT]: new Date().toISOString() },
          }),
        );
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },

    async move(from, to) {
      const Source = objectKey(from);
      const Key = objectKey(to);
      // A server-side copy (no bytes travel here; one request takes up to 5 GB), then the source goes.
      try {
        await client.send(new CopyObjectCommand({ Bucket: bucket, Key, CopySource: `${bucket}/${Source}` }));
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: Source }));
      return true;
    },

    async check() {
      const where = `S3 bucket "${bucket}"${options.endpoint ? ` at ${options.endpoint}` : ''}`;
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
        return;
      } catch (err) {
        const status = statusOf(err);
        const why =
          status === 404 || (err as Error).name === 'NoSuchBucket'
            ? 'it does not exist (create it, or set S3_BUCKET to one that does)'
            : status === 403 || status === 401
              ? 'access was refused: check the credentials (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile or the machine role) and that they may list the bucket (s3:ListBucket)'
              : status === 301 || status === 400
                ? `it answered ${status}: is S3_REGION (${options.region}) the bucket's region?`
                : (err as Error).name === 'CredentialsProviderError'
                  ? 'no credentials were found (set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile or a machine role)'
                  : `it could not be reached: ${(err as Error).message || (err as Error).name}`;
        throw new StartupError(`Cannot use the ${where}: ${why}.`, { cause: err });
      }
    },

    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, MaxKeys: listPageSize, ContinuationToken }));
        for (const o of page.Contents ?? []) {
          const key = o.Key?.slice(prefix.length);
          if (!key || !o.LastModified) continue;
          try {
            assertValidKey(key);
          } catch {
            continue; // Not one of ours (someone else's file under the prefix).
          }
          yield { key, modifiedAt: o.LastModified };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async removeTemporary(before) {
      // The S3 side of a cut-off write: a multipart upload a crash left open (its parts are billed).
      let removed = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      do {
        let page;
        try {
          page = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: prefix || undefined, KeyMarker, UploadIdMarker }));
        } catch (err) {
          // A server without multipart listings (some S3-compatible ones) has none to show.
          if (err instanceof S3ServiceException && err.name === 'NotImplemented') return removed;
          throw err;
        }
        for (const u of page.Uploads ?? []) {
          if (!u.Key || !u.UploadId || !u.Initiated || u.Initiated >= before) continue;
          await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: u.Key, UploadId: u.UploadId }));
          removed++;
        }
        [KeyMarker, UploadIdMarker] = page.IsTruncated ? [page.NextKeyMarker, page.NextUploadIdMarker] : [undefined, undefined];
      } while (KeyMarker);
      return removed;
    },
  };
};
