import { describe, expect, it } from 'vitest';
import { accessFor } from './access-policy.ts';

describe('accessFor', () => {
  it.each([
    ['GET', '/api/home/dcf_valuation/600298'],
    ['GET', '/api/data/available-companies'],
    ['GET', '/api/data/financial-data/600298'],
    ['HEAD', '/api/data/health'],
    ['OPTIONS', '/api/top_menus'],
    ['GET', '/api/top_menus'],
    ['GET', '/api/core_menus'],
    ['GET', '/api/admin/valuation-params/600298'],
    ['GET', `/api/admin/valuation-params/${encodeURIComponent('安琪酵母')}`],
    ['HEAD', '/api/admin/valuation-params/600298'],
    ['POST', '/api/login'],
    ['POST', '/api/register'],
    ['POST', '/api/user/calculate-with-valuation/600298'],
    ['POST', `/api/user/calculate-with-valuation/${encodeURIComponent('安琪酵母')}`],
    ['POST', '/api/pdf/generate'],
    ['POST', '/api/valuation/story'],
    // Outside /api: the app shell and its files.
    ['GET', '/'],
    ['GET', '/admin/upload'],
  ])('%s %s is public', (method, path) => {
    expect(accessFor(method, path)).toBe('public');
  });

  it.each([
    // Every write outside the public list.
    ['POST', '/api/top_menus'],
    ['PUT', '/api/top_menus/1'],
    ['DELETE', '/api/top_menus/1'],
    ['PATCH', '/api/core_menus/1'],
    ['POST', '/api/upload_excel'],
    ['DELETE', '/api/delete_company/600298'],
    ['POST', '/api/valuation/auto'],
    ['POST', '/api/some/future/route'],
    // Every /api/admin path, reads too, except GET valuation-params.
    ['GET', '/api/admin/adjustment-status/600298'],
    ['POST', '/api/admin/valuation-params/600298'],
    ['PUT', '/api/admin/valuation-params/600298'],
    ['GET', '/api/admin/valuation-params/600298/history'],
    ['GET', '/api/admin/valuation-params'],
    ['GET', '/api/admin/anything'],
    ['POST', '/api/admin/adjust-parameters/600298'],
    // The admin reads outside /api/admin.
    ['GET', '/api/files'],
    ['GET', '/api/data/companies-status'],
    ['GET', '/api/jobs'],
    ['GET', '/api/jobs/42'],
  ])('%s %s needs an admin', (method, path) => {
    expect(accessFor(method, path)).toBe('admin');
  });

  it('matches whole paths, not prefixes or look-alikes', () => {
    expect(accessFor('POST', '/api/login/extra')).toBe('admin');
    expect(accessFor('POST', '/api/loginx')).toBe('admin');
    expect(accessFor('POST', '/api/user/calculate-with-valuation/600298/save')).toBe('admin');
    expect(accessFor('POST', '/api/user/calculate-with-valuation/')).toBe('admin');
    expect(accessFor('POST', '/api/pdf/generate/x')).toBe('admin');
    expect(accessFor('GET', '/api/filesystem')).toBe('public');
    expect(accessFor('GET', '/api/jobsearch')).toBe('public');
  });

  it('lets any signed-in user change their own password, and nothing else', () => {
    expect(accessFor('POST', '/api/change-password')).toBe('signed-in');
    expect(accessFor('POST', '/api/change-password/admin')).toBe('admin');
    expect(accessFor('GET', '/api/change-password')).toBe('public');
  });

  it('lets any signed-in user sign out', () => {
    expect(accessFor('POST', '/api/logout')).toBe('signed-in');
    expect(accessFor('POST', '/api/logout/all')).toBe('admin');
  });

  it('lets any signed-in user push sync edits and read their watchlist (each mutation is checked)', () => {
    expect(accessFor('POST', '/api/sync/push')).toBe('signed-in');
    expect(accessFor('GET', '/api/user/watchlist')).toBe('signed-in');
    expect(accessFor('POST', '/api/sync/push/x')).toBe('admin');
    expect(accessFor('GET', '/api/user/watchlist/other')).toBe('public');
  });

  it('treats an unknown method as a write', () => {
    expect(accessFor('PROPFIND', '/api/data/health')).toBe('admin');
  });
});
