// Zod-free formatting the server's messages and the web's pages share, so both say the same.

/** 1536 → "1.5 KB" (binary units; one decimal below 100, whole numbers above). */
export const formatBytes = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : Number(value.toFixed(1))} ${units[unit]}`;
};

/** A region's name (ISO 3166 code) in `language`, from Intl; the code itself where Intl has no name. */
export const regionNames = (language: string): ((code: string) => string) => {
  try {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    return (code: string) => names.of(code) ?? code;
  } catch {
    return (code: string) => code;
  }
};

/**
 * Days (YYYY-MM-DD, inclusive) as a reader reads them in `language`: "Nov 20 – 26, 2026", one day
 * alone as "Nov 26, 2026". Days are calendar days, so they are formatted as such (in UTC).
 */
export const formatDays = (from: string, to: string, language: string): string => {
  const format = new Intl.DateTimeFormat(language, { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });
  const [a, b] = [new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`)];
  return from === to ? format.format(a) : format.formatRange(a, b);
};
