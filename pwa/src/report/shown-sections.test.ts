import { describe, expect, it } from 'vitest';
import { shownSections } from './shown-sections.ts';

describe('the sections a report shows', () => {
  it('keeps menu order, drops paths without a section and repeated paths', () => {
    const shown = shownSections([
      { path: 'growth', name: '成长能力' },
      { path: 'unknown-section', name: '未知栏目' },
      { path: 'basic-info', name: '公司基本信息' },
      { path: 'growth', name: '成长能力（重复）' },
    ]);
    expect(shown).toEqual([
      { path: 'growth', name: '成长能力' },
      { path: 'basic-info', name: '公司基本信息' },
    ]);
  });
});
