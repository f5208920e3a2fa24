import { describe, expect, it } from 'vitest';
import { addPending, settleItems, splitAccepted, uploadSummary } from './pending-files.ts';

const file = (name: string, body = 'x') => new File([body], name, { lastModified: 1 });

describe('pending files', () => {
  it('accepts .xls, .xlsx and .csv in any case and names the rest', () => {
    const { accepted, rejected } = splitAccepted([
      file('a.XLSX'),
      file('b.xls'),
      file('c.csv'),
      file('d.pdf'),
      file('e'),
    ]);
    expect(accepted.map((item) => item.name)).toEqual(['a.XLSX', 'b.xls', 'c.csv']);
    expect(rejected).toEqual(['d.pdf', 'e']);
  });

  it('adds files as waiting, skipping one that is already waiting', () => {
    const first = addPending([], [file('a.csv'), file('b.csv')]);
    const second = addPending(first, [file('a.csv'), file('c.csv')]);
    expect(second.map((item) => [item.file.name, item.status])).toEqual([
      ['a.csv', 'waiting'],
      ['b.csv', 'waiting'],
      ['c.csv', 'waiting'],
    ]);
    expect(new Set(second.map((item) => item.id)).size).toBe(3);
  });

  it('pairs results with the sent files in order, by name as a fallback', () => {
    const list = addPending([], [file('a.csv'), file('b.csv'), file('c.csv')]);
    const sent = list.slice(0, 2);
    const settled = settleItems(list, sent, [
      { filename: 'b.csv', success: false, error: '无法识别公司' },
      { filename: 'a.csv', success: true, error: null },
    ]);
    expect(settled.map((item) => [item.file.name, item.status, item.error])).toEqual([
      ['a.csv', 'success', null],
      ['b.csv', 'error', '无法识别公司'],
      ['c.csv', 'waiting', null],
    ]);
    expect(settleItems(list, sent, [])[0]?.status).toBe('error');
  });

  it('words the outcome per file and in total', () => {
    const ok = { filename: 'a.csv', success: true, error: null };
    const bad = { filename: 'b.csv', success: false, error: 'x' };
    expect(uploadSummary([ok, ok])).toEqual({ allOk: true, text: '全部上传成功，共 2 个文件' });
    expect(uploadSummary([ok, bad, bad])).toEqual({ allOk: false, text: '上传完成：成功 1 个，失败 2 个' });
  });
});
