import { MAX_PAGE_SIZE } from '@ads/contracts';
import { useCallback, useMemo } from 'react';
import { useLocation, useRouterLocation, useSearchParams } from '../router/router';
import { oneOf, positiveInt } from '../url-params';

// A list page's view lives in the URL query (…?folder=3&view=list), so that reload, back and a
// shared link keep it. A page declares its fields once (how each reads and writes, its default, and
// whether changing it lists something else); parse, serialise and update come from that spec.
// Anything unknown or malformed reads as the default, and defaults are left out of the URL.

export interface Field<T> {
  /** The query parameter (the state's key when absent). */
  param?: string;
  read: (raw: string | null) => T;
  /** The text written for a value; undefined leaves the parameter out. */
  write: (value: T) => string | undefined;
  /** Paging, views and open dialogs keep the page; a change to what is listed goes back to page 1. */
  keepsPage?: boolean;
}

export type Fields<S> = { [K in keyof S]-?: Field<S[K]> };

export interface UrlStateSpec<S> {
  fields: Fields<S>;
  /** Rules between fields, applied after reading and after every change (`previous` on a change). */
  normalize?: (state: S, previous?: S, patch?: Partial<S>) => S;
}

/** A choice from `values`; the default is left out of the URL. */
export function choice<T extends string>(values: readonly T[], fallback: T, extra: Partial<Field<T>> = {}): Field<T> {
  return { read: (raw) => oneOf(values, raw) ?? fallback, write: (value) => (value === fallback ? undefined : value), ...extra };
}

/** An optional choice (a filter): absent when unset. */
export function optionalChoice<T extends string>(values: readonly T[], extra: Partial<Field<T | undefined>> = {}): Field<T | undefined> {
  return { read: (raw) => oneOf(values, raw), write: (value) => value, ...extra };
}

/** An optional id (an open drawer or player). */
export function optionalId(extra: Partial<Field<number | undefined>> = {}): Field<number | undefined> {
  return { read: positiveInt, write: (value) => (value ? String(value) : undefined), ...extra };
}

/** A scope: one of the named ones, else an id; `fallback` when neither. */
export function scope<T extends string>(names: readonly T[], fallback: T): Field<T | number> {
  return {
    read: (raw) => oneOf(names, raw) ?? positiveInt(raw) ?? fallback,
    write: (value) => (value === fallback ? undefined : String(value)),
  };
}

/** A search: at most 255 characters, written trimmed as `q`. */
export const searchField: Field<string> = {
  param: 'q',
  read: (raw) => (raw ?? '').slice(0, 255),
  write: (value) => value.trim() || undefined,
};

export const pageField: Field<number> = {
  read: (raw) => positiveInt(raw) ?? 1,
  write: (value) => (value !== 1 ? String(value) : undefined),
  keepsPage: true,
};

/** The page size, at most what the API allows; changing it goes back to page 1. */
export function pageSizeField(fallback: number): Field<number> {
  return {
    read: (raw) => Math.min(positiveInt(raw) ?? fallback, MAX_PAGE_SIZE),
    write: (value) => (value !== fallback ? String(value) : undefined),
    keepsPage: true,
  };
}

interface Paged {
  page: number;
  pageSize: number;
}

export interface UrlState<S> {
  parse(params: URLSearchParams): S;
  serialize(state: S): URLSearchParams;
  /** Applies a change the way the page does (back to page 1 when what is listed changes). */
  next(current: S, patch: Partial<S>): S;
  defaults: S;
}

export function defineUrlState<S extends Paged>(spec: UrlStateSpec<S>): UrlState<S> {
  const keys = Object.keys(spec.fields) as (keyof S)[];
  const normalize = spec.normalize ?? ((state: S) => state);
  const parse = (params: URLSearchParams): S => {
    const state = {} as S;
    for (const key of keys) {
      const field = spec.fields[key];
      state[key] = field.read(params.get(field.param ?? String(key)));
    }
    return normalize(state);
  };
  const serialize = (state: S): URLSearchParams => {
    const params = new URLSearchParams();
    for (const key of keys) {
      const field = spec.fields[key];
      const text = field.write(state[key]);
      if (text !== undefined) params.set(field.param ?? String(key), text);
    }
    return params;
  };
  const next = (current: S, patch: Partial<S>): S => {
    const changed = { ...current, ...patch };
    const listsOther = (Object.keys(patch) as (keyof S)[]).some((key) => !spec.fields[key].keepsPage && patch[key] !== current[key]);
    if ((listsOther && patch.page === undefined) || (patch.pageSize !== undefined && patch.pageSize !== current.pageSize)) changed.page = 1;
    return normalize(changed, current, patch);
  };
  return { parse, serialize, next, defaults: parse(new URLSearchParams()) };
}

export type UpdateUrlState<S> = (patch: Partial<S>, options?: { replace?: boolean }) => void;

/** The state of the current URL, and `update(patch, {replace})` to change it. */
export function useUrlState<S>(urlState: UrlState<S>): readonly [S, UpdateUrlState<S>] {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const routerLocation = useRouterLocation();
  const state = useMemo(() => urlState.parse(params), [params, urlState]);
  const update = useCallback<UpdateUrlState<S>>(
    (patch, { replace = false } = {}) => {
      // A change that comes late (a search typed just before a row's link was followed) is
      // dropped once the router is on another page: its query would land on that page's URL.
      if (routerLocation().pathname !== pathname) return;
      setParams((previous) => urlState.serialize(urlState.next(urlState.parse(previous), patch)), { replace });
    },
    [pathname, routerLocation, setParams, urlState],
  );
  return [state, update] as const;
}
