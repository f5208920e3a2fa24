import type { UnitNeededEntry } from '@fcf/engine/contract';
import { describe, expect, it } from 'vitest';
import { batchProposal, unitFields } from './unit-choices.ts';

const entry = (filename: string, proposal: UnitNeededEntry['proposal']): UnitNeededEntry => ({
  filename,
  company: null,
  proposal,
  reason: '',
});

describe('the units chosen for files that state none', () => {
  it('proposes for the batch the unit most files were proposed', () => {
    expect(batchProposal([entry('a.csv', '元'), entry('b.csv', '万元'), entry('c.csv', '万元')])).toBe('万元');
    expect(batchProposal([entry('a.csv', '亿元')])).toBe('亿元');
    expect(batchProposal([])).toBe('万元');
  });

  it('sends one unit for the batch, or one field per file', () => {
    const entries = [entry('a.csv', '万元'), entry('b.csv', '元')];
    expect(unitFields('batch', '万元', {}, entries)).toEqual({ unit: '万元' });
    expect(unitFields('per-file', '万元', { 'b.csv': '亿元' }, entries)).toEqual({
      'unit:a.csv': '万元',
      'unit:b.csv': '亿元',
    });
  });
});
