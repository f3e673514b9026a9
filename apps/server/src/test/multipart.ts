import type { RawBody } from './typed-client';

/** A multipart/form-data body as a browser sends it: the fields, then one `file` part. */
export const multipart = (file: Buffer, filename: string, fields: Record<string, string> = {}): RawBody & { payload: Buffer; headers: Record<string, string> } => {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

/** Raw bytes (a video chunk). */
export const octets = (payload: Buffer): RawBody => ({ payload, headers: { 'content-type': 'application/octet-stream' } });
