import { describe, expect, it } from 'vitest';
import { formatTable, type Manifest, overBudget, pageKeys, routeFiles, routeSizes } from './bundle-sizes';

// A tiny build: the entry shares a vendor chunk with the login page; the member list has a
// chunk of its own, a chunk shared with another page, and a dialog it loads only on demand.
const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'], dynamicImports: ['pages/auth/LoginPage.tsx', 'pages/members/MembersListPage.tsx', 'pages/groups/GroupsPage.tsx'] },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_vendor.js'] },
  '_table.js': { file: 'assets/table.js', imports: ['_shared.js'] },
  'pages/auth/LoginPage.tsx': { file: 'assets/login.js', isDynamicEntry: true, imports: ['index.html', '_vendor.js'] },
  'pages/members/MembersListPage.tsx': { file: 'assets/list.js', isDynamicEntry: true, imports: ['index.html', '_table.js'], dynamicImports: ['pages/members/SavedFilterDialogs.tsx'] },
  'pages/members/SavedFilterDialogs.tsx': { file: 'assets/dialogs.js', isDynamicEntry: true, imports: ['_shared.js'] },
  'pages/groups/GroupsPage.tsx': { file: 'assets/groups.js', isDynamicEntry: true, imports: ['index.html', '_shared.js'] },
};
const SIZES: Record<string, number> = {
  'assets/index.js': 100_000,
  'assets/vendor.js': 150_000,
  'assets/shared.js': 20_000,
  'assets/table.js': 30_000,
  'assets/login.js': 5_000,
  'assets/list.js': 60_000,
  'assets/dialogs.js': 40_000,
  'assets/groups.js': 7_000,
};
const sizeOf = (file: string) => SIZES[file] ?? Number.NaN;

describe('bundle sizes per route', () => {
  it("counts the entry's closure and the page's static closure once each, and no dynamic import", () => {
    expect([...routeFiles(manifest, 'pages/members/MembersListPage.tsx')].sort()).toEqual(
      ['assets/index.js', 'assets/list.js', 'assets/shared.js', 'assets/table.js', 'assets/vendor.js'],
    );
    // The vendor chunk both the entry and the login page import is counted once.
    expect([...routeFiles(manifest, 'pages/auth/LoginPage.tsx')].sort()).toEqual(['assets/index.js', 'assets/login.js', 'assets/vendor.js']);
  });

  it('sums the gzipped sizes of every page and gives the budgeted ones their budget', () => {
    const sizes = routeSizes(manifest, sizeOf);
    // The routes are the pages the entry loads lazily; a dialog a page loads on demand is not one.
    expect(pageKeys(manifest)).toEqual(['pages/auth/LoginPage.tsx', 'pages/groups/GroupsPage.tsx', 'pages/members/MembersListPage.tsx']);
    expect(sizes.map((s) => s.page)).toEqual(pageKeys(manifest));
    const byPage = Object.fromEntries(sizes.map((s) => [s.page, s]));
    expect(byPage['pages/auth/LoginPage.tsx']).toEqual({ page: 'pages/auth/LoginPage.tsx', bytes: 255_000, files: 3, budget: 350_000 });
    expect(byPage['pages/members/MembersListPage.tsx']).toMatchObject({ bytes: 360_000, files: 5, budget: 350_000 });
    expect(byPage['pages/groups/GroupsPage.tsx']).toMatchObject({ bytes: 277_000, files: 4, budget: undefined });
  });

  it('flags a budgeted route at or over its budget, and only those', () => {
    const sizes = routeSizes(manifest, sizeOf);
    expect(overBudget(sizes).map((s) => s.page)).toEqual(['pages/members/MembersListPage.tsx']);
    const table = formatTable(sizes);
    expect(table.split('\n')[1]).toMatch(/^pages\/members\/MembersListPage\.tsx\s+360\.0 kB\s+5\s+< 350\.0 kB OVER$/);
    expect(table).toMatch(/pages\/auth\/LoginPage\.tsx\s+255\.0 kB\s+3\s+< 350\.0 kB ok/);
  });

  it('refuses a manifest where a budgeted page is not a lazy chunk (the guard would measure nothing)', () => {
    const entry = manifest['index.html'];
    const eager: Manifest = { ...manifest, 'index.html': { ...entry, file: 'assets/index.js', dynamicImports: ['pages/members/MembersListPage.tsx'] } };
    expect(() => routeSizes(eager, sizeOf)).toThrow(/LoginPage\.tsx has a budget but is not a lazy page/);
  });
});
