import type { UserInfo } from '@ads/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, CLIENT_ERROR_CODES, request, setUnauthorizedHandler } from './api-client';
import { getSession, readSignOutNotice, setSession } from './session';

const info: UserInfo = {
  roles: [{ name: 'Advertiser' }],
  menus: [],
  powers: [],
  userBasicInfo: { email: 'a@demo.test', name: 'A', accountId: 1, accountName: 'Acme', accountKind: 'advertiser' },
};

const PATH = '/api/Test/Thing';

const json = (status: number, body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' }, ...init });

let fetchMock: ReturnType<typeof vi.fn>;
const lastCall = () => {
  const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
  return { url, init, headers: init.headers as Record<string, string> };
};

const caught = async (promise: Promise<unknown>): Promise<ApiError> => {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
};

beforeEach(() => {
  fetchMock = vi.fn(async () => json(200, { ok: true }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(() => {});
});

describe('api client: requests', () => {
  it('sends no-cache headers and the bearer token from the stored session', async () => {
    setSession('tok-123', info);
    await request('POST', PATH, { name: 'x' });
    const { headers } = lastCall();
    expect(headers['Cache-Control']).toBe('no-cache');
    expect(headers.Pragma).toBe('no-cache');
    expect(headers.Authorization).toBe('Bearer tok-123');
  });

  it('sends no Authorization header without a session', async () => {
    await request('POST', PATH, {});
    expect(lastCall().headers.Authorization).toBeUndefined();
  });

  it.each(['GET', 'PUT'] as const)('%s puts the payload in the query string and sends no body', async (method) => {
    await request(method, PATH, { page: 2, ids: [1, 3], name: 'a b' });
    const { url, init } = lastCall();
    expect(init.method).toBe(method);
    expect(init.body).toBeUndefined();
    const parsed = new URL(url, 'http://x');
    expect(parsed.pathname).toBe('/api/Test/Thing');
    expect(parsed.searchParams.get('page')).toBe('2');
    expect(parsed.searchParams.getAll('ids')).toEqual(['1', '3']);
    expect(parsed.searchParams.get('name')).toBe('a b');
  });

  it.each(['POST', 'DELETE'] as const)('%s sends the payload as a JSON body', async (method) => {
    await request(method, PATH, { page: 2, name: 'a' });
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/Test/Thing');
    expect(init.method).toBe(method);
    expect(headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ page: 2, name: 'a' });
  });

  it('answers the parsed body for statuses 200..299', async () => {
    fetchMock.mockResolvedValueOnce(json(201, { ok: true }));
    await expect(request('POST', PATH, {})).resolves.toEqual({ ok: true });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(request('POST', PATH, {})).resolves.toBeUndefined();
  });
});

describe('api client: error catalogue', () => {
  it('maps another HTTP error to "Failed to fetch <url>" with errorCode and error as code and detail', async () => {
    fetchMock.mockResolvedValueOnce(
      json(409, { errorCode: 'CONFLICT', error: 'The campaign changed meanwhile' }, { statusText: 'Conflict' }),
    );
    const error = await caught(request('POST', PATH, {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Failed to fetch /api/Test/Thing');
    expect(error.code).toBe('CONFLICT');
    expect(error.detail).toBe('The campaign changed meanwhile');
    expect(error.statusCode).toBe(409);
    expect(error.statusText).toBe('Conflict');
    expect(error.data).toEqual({ errorCode: 'CONFLICT', error: 'The campaign changed meanwhile' });
  });

  it('treats 300 as an error (valid is 200..299) and keeps a body without errorCode as data', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>moved</html>', { status: 300, statusText: 'Multiple Choices' }));
    const error = await caught(request('GET', PATH, {}));
    expect(error.message).toBe('Failed to fetch /api/Test/Thing');
    expect(error.code).toBe(CLIENT_ERROR_CODES.http);
    expect(error.detail).toBe('Multiple Choices');
    expect(error.statusCode).toBe(300);
    expect(error.data).toBe('<html>moved</html>');
  });

  it('includes the query in the failed URL of a GET', async () => {
    fetchMock.mockResolvedValueOnce(json(500, { errorCode: 'INTERNAL_ERROR', error: 'Something went wrong' }));
    const error = await caught(request('GET', PATH, { page: 3 }));
    expect(error.message).toBe('Failed to fetch /api/Test/Thing?page=3');
    expect(error.code).toBe('INTERNAL_ERROR');
  });

  it('maps no response to "An error occurred while fetching"', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await caught(request('POST', PATH, {}));
    expect(error.message).toBe('An error occurred while fetching /api/Test/Thing');
    expect(error.code).toBe(CLIENT_ERROR_CODES.noResponse);
    expect(error.statusCode).toBeUndefined();
  });

  it('keeps a call its caller stopped an abort, also when it was stopped while its body was read', async () => {
    const controller = new AbortController();
    // The answer's head has come; its body fails once the caller stops the call (as a stopped fetch's does).
    const response = new Response(null, { status: 200 });
    response.text = () => {
      const reading = new Promise<string>((_, reject) =>
        controller.signal.addEventListener('abort', () => reject(new TypeError('network error'))),
      );
      controller.abort();
      return reading;
    };
    fetchMock.mockResolvedValueOnce(response);
    const call = request('GET', PATH, undefined, { signal: controller.signal });
    const error = await caught(call);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as unknown as DOMException).name).toBe('AbortError');

    // A network failure the caller did not ask for is still one.
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await caught(request('GET', PATH))).code).toBe(CLIENT_ERROR_CODES.noResponse);
  });

  it('maps a request that cannot be set up to a set-up message, without calling fetch', async () => {
    const error = await caught(request('POST', '/api/Test/Thing', { big: 10n }));
    expect(error.message).toBe('An error occurred while setting up the request to /api/Test/Thing');
    expect(error.code).toBe(CLIENT_ERROR_CODES.setup);
    expect(error.detail).toMatch(/BigInt/i);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('maps a bad URL to the set-up message', async () => {
    const error = await caught(request('GET', '//[bad-host/api', {}));
    expect(error.code).toBe(CLIENT_ERROR_CODES.setup);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on 401 clears the session, calls the registered handler (go to login) and rejects', async () => {
    setSession('tok-old', info);
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValueOnce(json(401, { errorCode: 'UNAUTHORIZED', error: 'Your session has ended' }));
    const error = await caught(request('GET', PATH, {}));
    expect(error.statusCode).toBe(401);
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.detail).toBe('Your session has ended');
    expect(getSession()).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('userInfo')).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    // The login page shows why.
    expect(readSignOutNotice()).toEqual({ message: 'Your session has ended' });
  });

  it('does not clear the session for other errors', async () => {
    setSession('tok', info);
    fetchMock.mockResolvedValueOnce(json(403, { errorCode: 'FORBIDDEN', error: 'No' }));
    await caught(request('GET', PATH, {}));
    expect(getSession()?.token).toBe('tok');
  });
});
