// CSV as spreadsheets open it (RFC 4180). Exports hold users' text (campaign, slot and site names),
// and a spreadsheet runs a cell that starts like a formula: OWASP's "CSV injection".

/** What a spreadsheet may take for the start of a formula: = + - @, a tab or a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A figure as the exports write them: an optional minus, digits, an optional decimal part. */
const NUMBER = /^-?\d+(?:\.\d+)?$/;

/** A text cell that could start a formula gets an apostrophe first, whatever follows (`-2+3+cmd|…` is one). */
const text = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell);
/** A figure is left as it is when it is a plain number (a negative one starts with "-"); anything else is text. */
const figure = (cell: string) => (cell === '' || NUMBER.test(cell) ? cell : text(cell));
/** A cell with a comma, quote or line break is quoted, its quotes doubled. */
const quoted = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/** One CSV line: the text cells (names, labels, periods), then the figures (numeric columns). */
export const csvLine = (texts: readonly string[], figures: readonly string[] = []): string =>
  `${[...texts.map(text), ...figures.map(figure)].map(quoted).join(',')}\r\n`;
