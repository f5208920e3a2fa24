import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../api/http.ts';
import { companyListErrorMessage } from './company-list-error.ts';

describe('companyListErrorMessage', () => {
  it('words each failure', () => {
    expect(companyListErrorMessage(new ApiRequestError('http', 'x', 404))).toBe('API服务未找到');
    expect(companyListErrorMessage(new ApiRequestError('http', 'x', 500))).toBe('服务器错误');
    expect(companyListErrorMessage(new ApiRequestError('http', 'x', 503))).toBe('服务器错误');
    expect(companyListErrorMessage(new ApiRequestError('http', 'x', 403))).toBe('请求错误 (403)');
    expect(companyListErrorMessage(new ApiRequestError('network', 'x'))).toBe('网络连接失败');
    expect(companyListErrorMessage(new ApiRequestError('timeout', 'x'))).toBe('网络连接失败');
    expect(companyListErrorMessage(new ApiRequestError('format', 'x', 200))).toBe('公司列表数据格式错误');
    expect(companyListErrorMessage(new Error('boom'))).toBe('获取公司列表失败');
  });
});
