import type { Endpoint } from '@ads/contracts';
import { expect } from 'vitest';
import { z } from 'zod';
import type { Caller, Payload, RawBody } from './typed-client';

/** One call a stranger makes with the owner's ids (`body` for a raw route: multipart, raw bytes). */
export interface ForeignCall {
  contract: Endpoint;
  payload: unknown;
  body?: RawBody;
  /** Tells two calls of one contract apart in failure messages. */
  label?: string;
}

/** A typed `ForeignCall`: the payload is checked against the contract. */
export const foreign = <E extends Endpoint>(contract: E, payload: Payload<E>, extra: { body?: RawBody; label?: string } = {}): ForeignCall => ({
  contract,
  payload,
  ...extra,
});

const ID_FIELD = /^(id|ids|\w+Id|\w+Ids)$/;

const unwrap = (schema: z.ZodType): z.ZodType => {
  let current = schema;
  for (;;) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodDefault) {
      current = current.unwrap() as z.ZodType;
    } else if (current instanceof z.ZodPipe) {
      current = current.in as z.ZodType;
    } else {
      return current;
    }
  }
};

/** The fields of a request that name a record by id (`id`, `ids`, `…Id`, `…Ids`, also inside lists of objects). */
export const idFieldsOf = (schema: z.ZodType, prefix = ''): string[] => {
  const object = unwrap(schema);
  if (!(object instanceof z.ZodObject)) return [];
  const found: string[] = [];
  for (const [key, field] of Object.entries(object.shape as Record<string, z.ZodType>)) {
    const inner = unwrap(field);
    if (ID_FIELD.test(key)) found.push(`${prefix}${key}`);
    else if (inner instanceof z.ZodArray) found.push(...idFieldsOf(inner.element as z.ZodType, `${prefix}${key}[].`));
    else if (inner instanceof z.ZodObject) found.push(...idFieldsOf(inner, `${prefix}${key}.`));
  }
  return found;
};

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'request' in value && 'response' in value;

/** The contracts of a module by their OpenAPI tags, from a contracts namespace (`import * as contracts`). */
export const endpointsTagged = (contracts: Record<string, unknown>, ...tags: string[]): Endpoint[] =>
  Object.values(contracts).filter((value): value is Endpoint => isEndpoint(value) && tags.includes(value.tag));

const key = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

/**
 * Proves that a module keeps its records to their account: the stranger (another account of the
 * same kind, holding the same powers) calls with the owner's ids and gets 404 (NOT_FOUND) on every
 * call, and the owner's view (`unchanged`, read before and after) is the same.
 *
 * `module` is every contract of the module: each one whose request names a record by id must be
 * called in `calls` or listed in `exempt` with the reason, so an endpoint added later is caught
 * until its tenancy is proved.
 */
export const proveForeignIdsAnswer404 = async (options: {
  stranger: Caller;
  module: Endpoint[];
  calls: ForeignCall[];
  exempt?: Record<string, string>;
  unchanged: () => Promise<unknown>;
  /** The module's own code for a record it does not find, if not NOT_FOUND. */
  errorCode?: string;
}) => {
  const { stranger, module, calls, exempt = {}, unchanged, errorCode = 'NOT_FOUND' } = options;
  const called = new Set(calls.map((c) => key(c.contract)));
  const missing = module
    .filter((endpoint) => idFieldsOf(endpoint.request).length > 0)
    .map(key)
    .filter((name) => !called.has(name) && !(name in exempt));
  if (missing.length > 0) {
    throw new Error(`Endpoints taking an id whose tenancy is not proved (call them, or exempt them with the reason): ${missing.join(', ')}`);
  }
  const unknownExempt = Object.keys(exempt).filter((name) => !module.some((endpoint) => key(endpoint) === name));
  if (unknownExempt.length > 0) throw new Error(`Exempted endpoints that are not in the module: ${unknownExempt.join(', ')}`);

  const before = await unchanged();
  for (const { contract, payload, body, label } of calls) {
    const what = `${key(contract)}${label ? ` (${label})` : ''} ${JSON.stringify(payload)}`;
    const res = body ? await stranger.send(contract, payload as never, body) : await stranger.callUnchecked(contract, payload);
    expect(res.status, `${what}: ${res.text}`).toBe(404);
    expect(res.error.errorCode, what).toBe(errorCode);
  }
  expect(await unchanged(), "the owner's records after the stranger's calls").toEqual(before);
};
