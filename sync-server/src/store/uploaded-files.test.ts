import { describe, expect, it } from 'vitest';
import { MAX_FILE_NAME_LENGTH, storedFileName } from './uploaded-files.ts';

describe('storedFileName', () => {
  it('removes control characters (CR, LF, tab, NUL, C1) and invisible ones', () => {
    expect(storedFileName('年报\r\n2024.xlsx')).toBe('年报2024.xlsx');
    expect(storedFileName('a\tb\u0000c\u0085d\u2028.csv')).toBe('abcd.csv');
    expect(storedFileName('report\u202Egnp.xlsx')).toBe('reportgnp.xlsx');
    expect(storedFileName('美的\u200B集团.csv')).toBe('美的集团.csv');
  });

  it('composes and trims the name', () => {
    expect(storedFileName('  cafe\u0301.csv \n')).toBe('café.csv');
  });

  it(`cuts a long name to ${MAX_FILE_NAME_LENGTH} characters before its extension`, () => {
    const cut = storedFileName(`${'长'.repeat(10_000)}.xlsx`);
    expect(Array.from(cut)).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(cut).toBe(`${'长'.repeat(MAX_FILE_NAME_LENGTH - 5)}.xlsx`);
    // Characters outside the BMP count once and are never split.
    const emoji = storedFileName(`${'😀'.repeat(300)}.csv`);
    expect(Array.from(emoji)).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(emoji.endsWith('😀.csv')).toBe(true);
    // A "extension" longer than any real one is not kept.
    expect(Array.from(storedFileName(`a.${'b'.repeat(400)}`))).toHaveLength(MAX_FILE_NAME_LENGTH);
  });

  it('leaves an ordinary name as it is', () => {
    expect(storedFileName('000333_美的集团_利润表.xlsx')).toBe('000333_美的集团_利润表.xlsx');
  });
});
