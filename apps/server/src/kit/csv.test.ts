import { describe, expect, it } from 'vitest';
import { csvLine } from './csv';

describe('csvLine', () => {
  it('escapes every text cell a spreadsheet could run as a formula, whatever follows its first character', () => {
    const cells = ["-2+3+cmd|' /C calc'!A0", '-1+HYPERLINK("http://x.example","click")', '=1+1', '+1', '@SUM(A1)', '\tx', '\rx', '-', '-1'];
    expect(csvLine(cells)).toBe(
      `'-2+3+cmd|' /C calc'!A0,"'-1+HYPERLINK(""http://x.example"",""click"")",'=1+1,'+1,'@SUM(A1),'\tx,"'\rx",'-,'-1\r\n`,
    );
  });

  it('leaves plain text and numbers in numeric columns as they are; a figure that is no number is text', () => {
    expect(csvLine(['Spring sale', 'a-b'], ['-12.50', '0', '', '3'])).toBe('Spring sale,a-b,-12.50,0,,3\r\n');
    expect(csvLine([], ['-1+1', '=2', '1e5'])).toBe("'-1+1,'=2,1e5\r\n");
  });

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines'])).toBe('"a,b","say ""hi""","two\nlines"\r\n');
  });
});
