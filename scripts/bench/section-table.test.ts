import { describe, expect, it } from 'vitest';
import { onlySections } from './section-table.ts';

describe('npm run bench -- --only', () => {
  it('runs every section without --only', () => {
    expect(onlySections([])).toBeNull();
  });

  it('takes numbers and names, and runs section 5 with 6', () => {
    expect(onlySections(['--only', '1'])).toEqual(new Set([1]));
    expect(onlySections(['--only', 'engine, lighthouse'])).toEqual(new Set([1, 9]));
    expect(onlySections(['--only', 'sync'])).toEqual(new Set([6, 5]));
  });

  it('refuses a section that does not exist', () => {
    expect(() => onlySections(['--only', '11'])).toThrow('--only: no section "11"');
    expect(() => onlySections(['--only', 'nothing'])).toThrow('--only: no section "nothing"');
  });
});
