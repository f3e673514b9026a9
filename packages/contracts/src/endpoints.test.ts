import { describe, expect, expectTypeOf, it } from 'vitest';
import { createFolder, renameFolder } from './assets';
import type { ContractOf } from './contracts-by-key';
import { defineEndpoint, type Endpoint } from './endpoint';
import { ENDPOINTS } from './endpoints';
import * as contracts from './index';

const isContract = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'key' in value && 'request' in value && 'response' in value;

const all = (Object.entries(contracts) as [string, unknown][]).filter((entry): entry is [string, Endpoint] => isContract(entry[1]));

describe('ENDPOINTS and the contracts', () => {
  it('has exactly one contract for each key, and no contract without a key', () => {
    const keys = all.map(([, contract]) => contract.key).sort();
    expect(keys).toEqual(Object.keys(ENDPOINTS).sort());
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('builds each contract from its row: method, path and access', () => {
    for (const [name, contract] of all) {
      const { method, path, access } = ENDPOINTS[contract.key];
      expect({ name, method: contract.method, path: contract.path, access: contract.access }).toEqual({ name, method, path, access });
      // Keys read `<server module>.<contract>`.
      expect(contract.key.endsWith(`.${name}`), contract.key).toBe(true);
    }
  });

  it('gives no two keys the same method and path', () => {
    const routes = Object.values(ENDPOINTS).map((row) => `${row.method} ${row.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('types a contract by its key: a contract stands for no other key', () => {
    expectTypeOf(renameFolder.path).toEqualTypeOf<'/api/Folder/Rename'>();
    expectTypeOf<ContractOf<'assets.renameFolder'>>().toEqualTypeOf<typeof renameFolder>();
    // @ts-expect-error: the contract of renameFolder is not createFolder's.
    const wrong: ContractOf<'assets.createFolder'> = renameFolder;
    const right: ContractOf<'assets.createFolder'> = createFolder;
    expect(wrong.key).not.toBe(right.key);
    // @ts-expect-error: a key that is not in the table has no row to build from.
    expect(() => defineEndpoint('assets.noSuchCall', { summary: '', tag: '', request: createFolder.request, response: createFolder.response })).toThrow();
  });
});
