import { describe, expect, it } from 'vitest';
import { addressNetwork, throttledAddress } from './client-address.ts';

describe('throttledAddress', () => {
  it('keeps an IPv4 address whole, also as a dual-stack socket writes it', () => {
    expect(throttledAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(throttledAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, whatever its spelling or zone', () => {
    expect(throttledAddress('2001:db8:1:2:aaaa:bbbb:cccc:1')).toBe('2001:db8:1:2::/64');
    expect(throttledAddress('2001:0DB8:0001:0002::ffff')).toBe('2001:db8:1:2::/64');
    expect(throttledAddress('fe80::1%eth0')).toBe('fe80::/64');
  });

  it('leaves what is no IP address as it is', () => {
    expect(throttledAddress('local')).toBe('local');
    expect(throttledAddress('unknown')).toBe('unknown');
  });
});

describe('addressNetwork', () => {
  it('is the /24 of an IPv4 address and the /64 of an IPv6 one', () => {
    expect(addressNetwork('203.0.113.77')).toBe('203.0.113.0/24');
    expect(addressNetwork('::ffff:127.0.0.5')).toBe('127.0.0.0/24');
    expect(addressNetwork('2001:db8:1:2:ffff::1')).toBe('2001:db8:1:2::/64');
    expect(addressNetwork('local')).toBe('local');
  });
});
