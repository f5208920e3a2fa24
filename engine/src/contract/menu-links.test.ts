import { describe, expect, it } from 'vitest';
import { isExternalLink, isSafeMenuLink } from './menu-links.ts';

describe('isSafeMenuLink', () => {
  it.each([
    '/',
    '/industry-research',
    '/valuation-custom?company=600298#dcf',
    '/a\\b',
    'http://example.com',
    'https://www.sse.com.cn/disclosure/',
    'HTTPS://EXAMPLE.COM/x',
    'https://例子.中国/报告',
    'http://127.0.0.1:8787/industry-research',
    'http://[::1]:8787/',
    'https://example.com?x=1',
  ])('accepts %j', (link) => {
    expect(isSafeMenuLink(link)).toBe(true);
  });

  it.each([
    '',
    'industry-research',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '/ /evil.example',
    '/path with space',
    '/\u0000x',
    '/\u007f',
    '/研究',
    '/\u202Eevil',
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://example.com',
    'https://',
    'https://exa mple.com',
    'https://example.com/\tx',
    'https://example.com/\u202Ex',
    ' https://example.com',
    'https://www.sse.com.cn@evil.example/',
    'https://evil.example\\@www.sse.com.cn',
    'https://:80/',
    'https://example.com:99999999/',
  ])('refuses %j', (link) => {
    expect(isSafeMenuLink(link)).toBe(false);
  });
});

describe('isExternalLink', () => {
  it('is true for http(s) only', () => {
    expect(isExternalLink('https://example.com')).toBe(true);
    expect(isExternalLink('http://example.com')).toBe(true);
    expect(isExternalLink('/industry-research')).toBe(false);
  });
});
