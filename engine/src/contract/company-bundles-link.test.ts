import { describe, expect, it } from 'vitest';
import { companyBundlesNextLink, nextAfterOfLink } from './company-bundle-pages.ts';

describe("a page of bundles' Link to the next page", () => {
  it('names the next page, and is read back', () => {
    const link = companyBundlesNextLink('000333', 250);
    expect(link).toBe('</api/data/company-bundles?after=000333&limit=250>; rel="next"');
    expect(nextAfterOfLink(link)).toBe('000333');
  });

  it('is read whatever the order of its query and among other links', () => {
    expect(nextAfterOfLink('</api/data/company-bundles?limit=250&after=600519>; rel="next"')).toBe('600519');
    expect(nextAfterOfLink('</x?after=000001>; rel="prev", </y?after=000002&limit=3>;rel="next"')).toBe('000002');
  });

  it('names nothing without a next link or with a malformed code', () => {
    for (const link of [null, '', '</x?after=000001>; rel="prev"', '</x?after=12345>; rel="next"', 'garbage']) {
      expect(nextAfterOfLink(link)).toBeNull();
    }
  });
});
