const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;
const UTF16LE_BOM = [0xff, 0xfe] as const;
const UTF16BE_BOM = [0xfe, 0xff] as const;

export function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

/**
 * Text of a CSV (or text-based .xls) export. Chinese tools write either UTF-8 (often with a BOM) or GBK;
 * GB18030 is the superset of GBK, so it is the fallback when the bytes are not valid UTF-8.
 */
export function decodeText(bytes: Uint8Array): string {
  // Excel's "Unicode text" export is UTF-16 with a BOM.
  if (startsWith(bytes, UTF16LE_BOM)) return new TextDecoder('utf-16le').decode(bytes);
  if (startsWith(bytes, UTF16BE_BOM)) return new TextDecoder('utf-16be').decode(bytes);
  const body = startsWith(bytes, UTF8_BOM) ? bytes.subarray(UTF8_BOM.length) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    return new TextDecoder('gb18030').decode(body);
  }
}

/** Control characters other than tab and line breaks never occur in a text export; they mean binary data. */
export function looksBinary(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 && code !== TAB && code !== LINE_FEED && code !== CARRIAGE_RETURN) return true;
  }
  return false;
}

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
