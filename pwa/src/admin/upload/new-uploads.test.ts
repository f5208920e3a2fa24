import { afterEach, describe, expect, it } from 'vitest';
import { activeUploads, markNewUploads, NEW_UPLOAD_MS, readNewUploads } from './new-uploads.ts';

afterEach(() => sessionStorage.clear());

describe('new-upload marks', () => {
  it('last 300 s and are kept in session storage', () => {
    const marks = markNewUploads(new Map(), ['格力电器', '美的集团'], 1_000);
    expect(marks.get('格力电器')).toBe(1_000 + NEW_UPLOAD_MS);
    expect([...readNewUploads(1_000 + NEW_UPLOAD_MS - 1).keys()]).toEqual(['格力电器', '美的集团']);
    expect(readNewUploads(1_000 + NEW_UPLOAD_MS).size).toBe(0);
  });

  it('a new upload restarts the company’s 300 s and drops expired marks', () => {
    const first = markNewUploads(new Map(), ['A', 'B'], 0);
    const second = markNewUploads(first, ['A'], NEW_UPLOAD_MS);
    expect([...second]).toEqual([['A', 2 * NEW_UPLOAD_MS]]);
    expect(activeUploads(second, 2 * NEW_UPLOAD_MS).size).toBe(0);
  });

  it('ignores unreadable storage', () => {
    sessionStorage.setItem('admin.newUploads', '{oops');
    expect(readNewUploads(0).size).toBe(0);
    sessionStorage.setItem(
      'admin.newUploads',
      JSON.stringify([
        ['A', 'soon'],
        ['B', 10],
      ]),
    );
    expect([...readNewUploads(0).keys()]).toEqual(['B']);
  });
});
