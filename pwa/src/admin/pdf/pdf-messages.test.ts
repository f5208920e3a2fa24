import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../api/http.ts';
import { confirmCategoryDelete, confirmFileDelete, pdfActionMessage } from './pdf-messages.ts';

describe('the PDF manager failure texts', () => {
  it('no answer → network; 5xx → server error', () => {
    expect(pdfActionMessage('add', new ApiRequestError('network', '网络连接失败'))).toBe('网络连接失败，请检查网络');
    expect(pdfActionMessage('sort', new ApiRequestError('timeout', '请求超时'))).toBe('网络连接失败，请检查网络');
    expect(pdfActionMessage('deleteFile', new ApiRequestError('http', 'x', 503))).toBe('服务器错误，请稍后重试');
  });

  it("a file's 404 → gone; a category's 404 keeps the server's words", () => {
    expect(pdfActionMessage('deleteFile', new ApiRequestError('http', '文件不存在或已删除', 404))).toBe(
      '文件不存在或已删除',
    );
    expect(pdfActionMessage('move', new ApiRequestError('http', 'Not here', 404))).toBe('文件不存在或已删除');
    expect(
      pdfActionMessage('deleteCategory', new ApiRequestError('http', '分类不存在或已删除', 404, '分类不存在或已删除')),
    ).toBe('分类不存在或已删除');
  });

  it("shows the server's detail, else its message, else the action's fallback", () => {
    expect(pdfActionMessage('add', new ApiRequestError('http', '添加失败', 409, '分类"宏观"已存在'))).toBe(
      '分类"宏观"已存在',
    );
    expect(pdfActionMessage('add', new ApiRequestError('http', '参数错误：name 不能为空', 400, '[{"code":"x"}]'))).toBe(
      '参数错误：name 不能为空',
    );
    expect(pdfActionMessage('add', new Error('boom'))).toBe('添加失败！');
    expect(pdfActionMessage('deleteCategory', 'x')).toBe('删除失败！');
    expect(pdfActionMessage('sort', null)).toBe('排序失败！');
    expect(pdfActionMessage('move', undefined)).toBe('修改分类失败');
    expect(pdfActionMessage('deleteFile', undefined)).toBe('删除失败，请重试');
  });

  it('asks before deleting, and says a file delete cannot be undone', () => {
    expect(confirmCategoryDelete('行业研究', 2)).toBe('确定删除分类"行业研究"吗？其中的 2 个文件将移至"未分类"。');
    expect(confirmFileDelete('a.pdf')).toContain('无法撤销');
    expect(confirmFileDelete('a.pdf')).toContain('无法恢复');
  });
});
