import { describe, expect, it } from 'vitest';
import { decodeText, looksBinary } from './decode.ts';
import { gbkBytes, utf8Bytes } from './testing/ingest-fixtures.ts';

describe('decodeText', () => {
  const text = '报告日期,2019-12-31\r\n营业收入(万元),765275\r\n';

  it('reads UTF-8 with and without a byte-order mark', () => {
    expect(decodeText(utf8Bytes(`\uFEFF${text}`))).toBe(text);
    expect(decodeText(utf8Bytes(text))).toBe(text);
  });

  it('falls back to GBK when the bytes are not UTF-8', () => {
    const bytes = gbkBytes(text);
    // 报 is B1 A8 in GBK: two bytes per character, unlike UTF-8's three.
    expect([...bytes.subarray(0, 2)]).toEqual([0xb1, 0xa8]);
    expect(decodeText(bytes)).toBe(text);
  });

  it('reads UTF-16 with a byte-order mark', () => {
    const utf16 = Uint8Array.from([
      0xff,
      0xfe,
      ...[...text].flatMap((char) => [char.charCodeAt(0) & 0xff, char.charCodeAt(0) >> 8]),
    ]);
    expect(decodeText(utf16)).toBe(text);
  });
});

describe('looksBinary', () => {
  it('tells text from binary', () => {
    expect(looksBinary('a\tb\r\nc')).toBe(false);
    expect(looksBinary('PK\u0003\u0004')).toBe(true);
  });
});
