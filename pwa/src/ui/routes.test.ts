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
    ['/wacc', 'wacc-tool'],
    ['/compare', 'compare'],
    ['/valuation-model', 'valuation-model'],
    ['/us-valuation', 'placeholder'],
    ['/nowhere/at/all', 'home'],
  ])('%s → %s', (path, kind) => {
    expect(matchRoute(path).kind).toBe(kind);
  });

  it('redirects the old paths of the WACC tool and the comparison page', () => {
    expect(matchRoute('/wacc-tool')).toEqual({ kind: 'redirect', to: '/wacc' });
    expect(matchRoute('/company-comparison')).toEqual({ kind: 'redirect', to: '/compare' });
  });

  it('redirects /pdf-manager to the industry research page', () => {
    expect(matchRoute('/pdf-manager')).toEqual({ kind: 'redirect', to: '/industry-research' });
  });

  it('opens the PDF viewer at /pdf-viewer (id in the query) and /pdf-preview/{id}', () => {
    expect(matchRoute('/pdf-viewer')).toEqual({ kind: 'pdf-viewer', id: null });
    expect(matchRoute('/pdf-viewer/')).toEqual({ kind: 'pdf-viewer', id: null });
    expect(matchRoute('/pdf-preview/12')).toEqual({ kind: 'pdf-viewer', id: '12' });
    expect(matchRoute('/pdf-preview/12/extra').kind).toBe('home');
    expect(matchRoute('/pdf-preview').kind).toBe('home');
  });
});
