import { describe, expect, it } from 'vitest';
import { matchRoute } from './routes.ts';

describe('the route table', () => {
  it.each([
    ['/', 'home'],
    ['/valuation-home', 'analysis'],
    ['/valuation-custom', 'custom-valuation'],
    ['/industry-research', 'industry-research'],
    ['/login', 'login'],
    ['/register', 'register'],
    ['/admin', 'admin'],
    ['/admin/upload', 'admin'],
    ['/fcf-parameters', 'fcf-parameters'],
    ['/print/report', 'print'],
    ['/wacc-tool', 'placeholder'],
    ['/nowhere/at/all', 'home'],
  ])('%s → %s', (path, kind) => {
    expect(matchRoute(path).kind).toBe(kind);
  });

  it('redirects /pdf-manager to the industry research page', () => {
    expect(matchRoute('/pdf-manager')).toEqual({ kind: 'redirect', to: '/industry-research' });
  });
});
