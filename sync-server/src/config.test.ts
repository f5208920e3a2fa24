import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD_MIN_LENGTH, ConfigError, configFromEnv } from './config.ts';

describe('configFromEnv', () => {
  it('refuses an ADMIN_PASSWORD shorter than 12 characters', () => {
    expect(() => configFromEnv({ ADMIN_PASSWORD: 'x' })).toThrow(ConfigError);
    expect(() => configFromEnv({ ADMIN_PASSWORD: 'Abcdefg1234' })).toThrow(/至少需要 12 个字符（现为 11 个）/);
    expect(configFromEnv({ ADMIN_PASSWORD: 'Abcdefg12345' }).adminPassword).toBe('Abcdefg12345');
    // Characters, not bytes: twelve Chinese characters are enough, eleven are not.
    expect(configFromEnv({ ADMIN_PASSWORD: '密'.repeat(ADMIN_PASSWORD_MIN_LENGTH) }).adminPassword).toHaveLength(12);
    expect(() => configFromEnv({ ADMIN_PASSWORD: '密'.repeat(11) })).toThrow(ConfigError);
    expect(configFromEnv({}).adminPassword).toBeUndefined();
  });

  it('reads TRUST_PROXY as a number of proxies, 0 by default', () => {
    expect(configFromEnv({}).trustProxy).toBe(0);
    expect(configFromEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(configFromEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => configFromEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY 无效/);
  });
});

describe('starting the server with a short ADMIN_PASSWORD', () => {
  it('stops with exit code 1 and one clear Chinese line', () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const result = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, ADMIN_PASSWORD: 'x', DATABASE_URL: ':memory:', PORT: '0', LOG_REQUESTS: '0' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toEqual([
      '无法启动：ADMIN_PASSWORD 太短：至少需要 12 个字符（现为 1 个）；请换一个更长的密码，或不设置它以自动生成',
    ]);
    expect(result.stdout).toBe('');
  });
});
