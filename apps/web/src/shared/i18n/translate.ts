import { useMemo, useSyncExternalStore } from 'react';

// The console's translator: the part of i18next's syntax its texts use, in a few hundred bytes
// instead of i18next's ~17 KB gzip on every page's first load. The server renders the same
// notification texts (packages/contracts notification-messages.ts) with i18next itself, so the
// syntax here must stay a faithful subset:
// - keys are dotted paths into the language's texts; a missing key gives `defaultValue`, else the key;
// - `{{name}}` (and `{{- name}}`) put a value in, `{{a.b}}` a nested one; a value not passed leaves
//   the placeholder as written, null and undefined passed give ''; values are never parsed again;
// - `{{when, datetime(dateStyle: long)}}` and `{{n, number}}` format for the language (Intl);
// - `count` picks `key_<plural form>` (Intl.PluralRules) before `key`;
// - `$t(other.key)` and `$t(other.key, {"count": {{n}} })` nest another text, with the outer values.

type Tree = { [key: string]: string | Tree };
export type TOptions = Record<string, unknown> & { count?: number; defaultValue?: string };
export type TFunction = (key: string, options?: TOptions) => string;

const texts = new Map<string, Tree>();
let current = '';
let initialized = false;
const listeners = new Set<() => void>();

const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deep merge of `from` into `into` (later texts win). */
function merge(into: Tree, from: Tree): void {
  for (const [key, value] of Object.entries(from)) {
    const there = into[key];
    if (isTree(value) && isTree(there)) merge(there, value);
    else into[key] = isTree(value) ? structuredClone(value) : value;
  }
}

const at = (root: unknown, path: string): unknown => {
  let node = root;
  for (const part of path.split('.')) {
    if (!isTree(node)) return undefined;
    node = node[part];
  }
  return node;
};

const plurals = new Map<string, Intl.PluralRules>();
const pluralOf = (language: string, count: number) => {
  let rules = plurals.get(language);
  if (!rules) plurals.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
};

/** The text a key names in a language, its plural form first when a count is given. */
function find(language: string, key: string, options: TOptions | undefined): string | undefined {
  const tree = texts.get(language);
  const count = options?.count;
  if (typeof count === 'number') {
    const plural = at(tree, `${key}_${pluralOf(language, count)}`);
    if (typeof plural === 'string') return plural;
  }
  const text = at(tree, key);
  return typeof text === 'string' ? text : undefined;
}

const asText = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** `name(a: x; b: y)` → Intl options (the syntax i18next's formatters take). */
function formatOptions(spec: string): Record<string, string> {
  const inner = /\((.*)\)/.exec(spec)?.[1] ?? '';
  const options: Record<string, string> = {};
  for (const pair of inner.split(';')) {
    const [name, ...rest] = pair.split(':');
    if (name?.trim() && rest.length) options[name.trim()] = rest.join(':').trim();
  }
  return options;
}

function format(value: unknown, spec: string, language: string): string {
  const name = spec.split('(')[0]!.trim().toLowerCase();
  if (name === 'datetime' && (value instanceof Date || typeof value === 'number')) {
    return new Intl.DateTimeFormat(language, formatOptions(spec)).format(value);
  }
  if (name === 'number' && typeof value === 'number') return new Intl.NumberFormat(language, formatOptions(spec)).format(value);
  return asText(value);
}

// One pass over the text: a nesting or a placeholder, whichever comes first; what is put in is not scanned again.
const TOKENS = /\$t\((.+?)\)|\{\{(.+?)\}\}/g;

function fill(text: string, values: TOptions, language: string, depth: number): string {
  return text.replace(TOKENS, (whole, nested: string | undefined, placeholder: string | undefined) => {
    if (nested !== undefined) {
      if (depth > 4) return whole;
      const inner = fill(nested, values, language, depth + 1);
      const split = /,\s*\{/.exec(inner);
      let options: TOptions = values;
      if (split) {
        try {
          options = { ...values, ...(JSON.parse(inner.slice(split.index + 1)) as TOptions) };
        } catch {
          return whole;
        }
      }
      const key = (split ? inner.slice(0, split.index) : inner).trim();
      return translate(language, key, { ...options, defaultValue: undefined }, depth + 1);
    }
    const [name, ...specs] = placeholder!.replace(/^-/, '').split(',');
    const path = name!.trim();
    const value = path in values ? values[path] : at(values, path);
    if (value === undefined && !(path in values)) return whole;
    return specs.length ? format(value, specs.join(','), language) : asText(value);
  });
}

function translate(language: string, key: string, options: TOptions | undefined, depth = 0): string {
  const text = find(language, key, options) ?? options?.defaultValue;
  if (text === undefined) return key;
  return options || text.includes('$t(') ? fill(text, options ?? {}, language, depth) : text;
}

const fixedT = new Map<string, TFunction>();
const tOf = (language: string): TFunction => {
  let t = fixedT.get(language);
  if (!t) fixedT.set(language, (t = (key, options) => translate(language, key, options)));
  return t;
};

const i18n = {
  get language() {
    return current;
  },
  get isInitialized() {
    return initialized;
  },
  t: ((key, options) => translate(current, key, options)) as TFunction,
  /** Whether a text exists for the key (in its plural form for a count). */
  exists: (key: string, options?: TOptions) => find(current, key, options) !== undefined,
  /** A translator for one language, whichever is shown. */
  getFixedT: (language: string): TFunction => tOf(language),
  /** Adds texts to a language (a deep merge: texts already there stay unless given again). */
  addResources(language: string, more: object): void {
    const tree = texts.get(language) ?? {};
    merge(tree, more as Tree);
    texts.set(language, tree);
  },
  /** Shows another language (its texts added first); every useTranslation re-renders. */
  changeLanguage(language: string): void {
    initialized = true;
    if (language === current) return;
    current = language;
    listeners.forEach((listener) => listener());
  },
};
export type I18n = typeof i18n;
export default i18n;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const getLanguage = () => current;

/** `t` for the language shown (a new function when it changes, so memoized views follow) and `i18n`. */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const language = useSyncExternalStore(subscribe, getLanguage);
  return useMemo(() => ({ t: tOf(language), i18n }), [language]);
}
