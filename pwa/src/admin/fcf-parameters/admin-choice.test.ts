import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../api/http.ts';
import { sampleBundle } from '../../valuation-editor/testing/sample-bundle.ts';
import { adminChoiceFailure, adminChoicesOf } from './admin-choice.ts';

describe('the admin’s marks of a bundle', () => {
  it('reads an older bundle without marks as the defaults, a line not reported as null', () => {
    const bundle = sampleBundle();
    const year = Math.max(...Object.keys(bundle.statements.years).map(Number));
    expect(adminChoicesOf(bundle)).toEqual({
      other_income_operating: { marked: true, amount: null, year },
      other_current_assets_cash_like: { marked: false, amount: null, year },
    });
  });

  it('says offline why the mark cannot be saved, and the server’s reason otherwise', () => {
    expect(adminChoiceFailure(new ApiRequestError('network', '网络连接失败'))).toBe(
      '保存失败：离线时无法修改此标记（需联网由服务器重算估值），请联网后重试',
    );
    expect(adminChoiceFailure(new Error('公司不存在'))).toBe('保存失败：公司不存在');
  });
});
