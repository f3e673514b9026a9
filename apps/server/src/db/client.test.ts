import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { DatabaseConnectError, describeConnectError, openDatabase } from './client';

/** A port on 127.0.0.1 that nothing listens on. */
const closedPort = async () => {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
};

const failureOf = async (url: string) => {
  try {
    const database = await openDatabase({ url });
    await database.close();
  } catch (err) {
    return err as Error;
  }
  throw new Error(`${url} opened`);
};

describe('a DATABASE_URL that cannot be used', () => {
  it('names a refused connection first', async () => {
    const port = await closedPort();
    const err = await failureOf(`postgres://postgres@127.0.0.1:${port}/ads`);
    expect(err).toBeInstanceOf(DatabaseConnectError);
    expect(err.message.split('\n')[0]).toBe(
      `Connection refused by PostgreSQL at 127.0.0.1:${port}: is PostgreSQL running and listening on that address and port?`,
    );
  });

  it('names an unknown database first', async () => {
    const err = await failureOf('postgres://postgres@127.0.0.1:5432/ads_no_such_database');
    expect(err).toBeInstanceOf(DatabaseConnectError);
    expect(err.message.split('\n')[0]).toBe(
      'Unknown database "ads_no_such_database" on PostgreSQL at 127.0.0.1:5432: create it (createdb ads_no_such_database) or fix the name in DATABASE_URL.',
    );
  });

  it('names a wrong password first, and never prints the password', () => {
    // The test server trusts every local user, so PostgreSQL's own answer (28P01) is given here.
    const refusal = Object.assign(new Error('password authentication failed for user "ads"'), { code: '28P01' });
    const err = describeConnectError(refusal, 'postgres://ads:s3cret@db.internal:6543/ads');
    expect(err.message).toBe(
      'Wrong password for user "ads" on PostgreSQL at db.internal:6543: check the password in DATABASE_URL.\n' +
        '  DATABASE_URL=postgres://ads:***@db.internal:6543/ads',
    );
  });

  it('names an unknown host first', () => {
    const lookup = Object.assign(new Error('getaddrinfo ENOTFOUND db.internal'), { code: 'ENOTFOUND' });
    expect(describeConnectError(lookup, 'postgres://ads@db.internal/ads').message.split('\n')[0]).toBe(
      'Unknown database host "db.internal": check the host name in DATABASE_URL.',
    );
  });
});
