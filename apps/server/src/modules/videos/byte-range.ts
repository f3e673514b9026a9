/**
 * One HTTP byte range (RFC 9110 §14.1.2) against a file of `size` bytes: `{start, end}` (inclusive),
 * 'unsatisfiable' (answer 416), or undefined when there is none or it is not one we serve (several
 * ranges, another unit, bad syntax): then the whole file is sent, as the RFC allows.
 */
export const parseByteRange = (
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined => {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    // A suffix: the last n bytes.
    const n = Number(m[2]);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
};
