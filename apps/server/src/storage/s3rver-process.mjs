// An S3-compatible server for tests (s3rver, on 127.0.0.1, any free port), run as a child process
// by s3-test-server.ts: s3rver signs its list continuation tokens with DES, which Node's OpenSSL 3
// has only with --openssl-legacy-provider, and that flag stays out of the tests' own process.
// Usage: node --openssl-legacy-provider s3rver-process.mjs <directory> <bucket>; prints {"port":N}.
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
// Stops with its parent: stdin ends when the parent closes it or goes away.
process.stdin.resume();
process.stdin.on('end', () => void server.close().finally(() => process.exit(0)));
