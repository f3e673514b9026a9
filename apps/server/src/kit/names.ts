import { cleanName } from '@ads/contracts';
import { isUniqueViolation } from './sql';

/**
 * "name" → "name (1)", "photo.png" → "photo (1).png": the first name not taken (case-insensitive),
 * cut to `max` characters with the suffix (and the extension, when kept) intact.
 */
export const uniqueName = (name: string, taken: readonly string[], max: number, keepExtension: boolean): string => {
  const used = new Set(taken.map((n) => n.toLowerCase()));
  if (!used.has(name.toLowerCase())) return name;
  const dot = keepExtension ? name.lastIndexOf('.') : -1;
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 1; ; n++) {
    const suffix = ` (${n})`;
    const candidate = stem.slice(0, Math.max(1, max - suffix.length - ext.length)) + suffix + ext;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
};

/** Whether `name` is among `taken`, case-insensitively (names are unique that way). */
export const nameTaken = (name: string, taken: readonly string[]): boolean =>
  taken.some((n) => n.toLowerCase() === name.toLowerCase());

/**
 * A name the server makes from an uploaded file's name: no path, under the name rule (contracts'
 * cleanName: no controls, bidi or zero-width characters), else `fallback`.
 */
export const uploadName = (raw: string | undefined, max: number, fallback: string): string =>
  cleanName((raw ?? '').split(/[\\/]/).pop() ?? '', max) || fallback;

/**
 * Writes under the first free name: `taken` reads the names in use, `write` tries one (each try in
 * its own transaction: a clash aborts it on PostgreSQL). The unique index decides a race with
 * another writer; the next free name is then tried, a few times.
 */
export const writeUnderFreeName = async <T>(options: {
  wanted: string;
  max: number;
  keepExtension: boolean;
  /** The unique index that refuses a clash. */
  index: string;
  taken: () => Promise<string[]>;
  write: (name: string) => Promise<T>;
  attempts?: number;
}): Promise<T> => {
  const { wanted, max, keepExtension, index, taken, write, attempts = 5 } = options;
  for (let attempt = 1; ; attempt++) {
    const name = uniqueName(wanted, await taken(), max, keepExtension);
    try {
      return await write(name);
    } catch (err) {
      if (!isUniqueViolation(err, index) || attempt >= attempts) throw err;
    }
  }
};
