import { formatBytes } from '@fcf/engine/report';
import { describe, expect, it } from 'vitest';
import { moveItem } from '../reorder.ts';
import { failureLines, isPdfFile, localProblem, PDF_MAX_BYTES, splitPdfs, uploadButtonLabel } from './pdf-uploads.ts';

const named = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('which files the PDF upload takes', () => {
  it('only application/pdf; a file without a type goes by its .pdf name', () => {
    expect(isPdfFile(named('a.pdf', 'application/pdf'))).toBe(true);
    expect(isPdfFile(named('报告.PDF', ''))).toBe(true);
    expect(isPdfFile(named('a.pdf', 'text/plain'))).toBe(false);
    expect(isPdfFile(named('a.docx', ''))).toBe(false);
    expect(isPdfFile(named('a.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'))).toBe(false);
    const { accepted, rejected } = splitPdfs([named('a.pdf', 'application/pdf'), named('b.png', 'image/png')]);
    expect(accepted.map((file) => file.name)).toEqual(['a.pdf']);
    expect(rejected).toEqual(['b.png']);
  });

  it('does not send an empty file or one over 20 MB', () => {
    expect(localProblem({ size: 0 })).toBe('文件为空');
    expect(localProblem({ size: PDF_MAX_BYTES })).toBeNull();
    expect(localProblem({ size: PDF_MAX_BYTES + 1 })).toBe('文件过大（20.00 MB）：单个PDF不超过 20 MB');
  });
});

describe('the upload button and summary', () => {
  it("reads '批量上传 (n)' or '上传中... (done/total)'", () => {
    expect(uploadButtonLabel(3, null)).toBe('批量上传 (3)');
    expect(uploadButtonLabel(0, null)).toBe('批量上传 (0)');
    expect(uploadButtonLabel(0, { done: 1, total: 3 })).toBe('上传中... (1/3)');
  });

  it("lists failures as 'filename: error'", () => {
    expect(
      failureLines([
        { filename: 'a.pdf', success: true, error: null },
        { filename: 'b.pdf', success: false, error: '不是有效的PDF文件' },
        { filename: 'c.pdf', success: false, error: null },
      ]),
    ).toEqual(['b.pdf: 不是有效的PDF文件', 'c.pdf: 上传失败']);
  });
});

describe('sizes in Bytes/KB/MB/GB (base 1024, 2 decimals)', () => {
  it.each([
    [0, '0.00 Bytes'],
    [1023, '1023.00 Bytes'],
    [1024, '1.00 KB'],
    [66_722, '65.16 KB'],
    [20 * 1024 * 1024, '20.00 MB'],
    [3 * 1024 ** 3, '3.00 GB'],
    [5 * 1024 ** 4, '5120.00 GB'],
  ])('%d → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('reordering categories', () => {
  const categories = [
    { id: 4, name: '行业研究', sort_order: 1 },
    { id: 9, name: '公司深度', sort_order: 5 },
    { id: 2, name: '晨会纪要', sort_order: 7 },
  ];

  it('swaps neighbours and renumbers 1..n; the first cannot go up, the last cannot go down', () => {
    expect(moveItem(categories, 1, 'up')?.map((item) => [item.id, item.sort_order])).toEqual([
      [9, 1],
      [4, 2],
      [2, 3],
    ]);
    expect(moveItem(categories, 1, 'down')?.map((item) => item.id)).toEqual([4, 2, 9]);
    expect(moveItem(categories, 0, 'up')).toBeNull();
    expect(moveItem(categories, 2, 'down')).toBeNull();
  });
});
