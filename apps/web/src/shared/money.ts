// Money as the pages show and take it: integer minor units of an ISO 4217 currency. Apart from
// format.ts, which the landing page loads: only the pages that show money load this.

/**
 * An amount in minor units of `currency`, in the reader's language. The minor unit's size comes
 * from Intl (2 decimals for USD, 0 for JPY, 3 for BHD), so no table of currencies is kept here.
 */
export function formatMoney(minor: number, currency: string, language: string): string {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(language, { style: 'currency', currency });
  } catch {
    // An unknown code (a newer server): the amount in the usual two decimals, then the code.
    return `${new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100)} ${currency}`;
  }
  return format.format(minor / 10 ** currencyDigits(currency));
}

/** The digits of a currency's minor unit (2 for USD, 0 for JPY), for inputs typed in major units. */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount typed in major units (1.5) as minor units of `digits` (150); empty stays empty. */
export function toMinor(major: number, digits: number): number;
export function toMinor(major: number | null, digits: number): number | null;
export function toMinor(major: number | null, digits: number): number | null {
  return major === null ? null : Math.round(major * 10 ** digits);
}

/** Minor units as the major units an input shows; empty stays empty. */
export function toMajor(minor: number, digits: number): number;
export function toMajor(minor: number | null, digits: number): number | null;
export function toMajor(minor: number | null, digits: number): number | null {
  return minor === null ? null : minor / 10 ** digits;
}
