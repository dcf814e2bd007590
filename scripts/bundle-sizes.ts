import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// How much gzipped JavaScript each route of the built web app loads before it can render:
// the entry chunk and its static imports, plus the route's page chunk and its static imports,
// each file counted once. Read from Vite's manifest (build.manifest in vite.config.ts).
// `node --import tsx scripts/bundle-sizes.ts` prints a table and fails when a budgeted route
// is over its budget (scripts/test.ts runs it as part of the build step).

/** One chunk in Vite's manifest (`dist/web/.vite/manifest.json`); keys are sources relative to src/web. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface RouteSize {
  /** The page module's manifest key, e.g. `pages/auth/LoginPage.tsx`. */
  page: string;
  /** Gzipped bytes of every JS file the route loads. */
  bytes: number;
  /** How many files that is. */
  files: number;
  /** The budget in bytes, for the routes that have one. */
  budget?: number;
}

const KB = 1000;
/** The issue's budget: the login page and the member list each under 350 kB of gzipped JS. */
export const BUDGETS: Readonly<Record<string, number>> = {
  'pages/auth/LoginPage.tsx': 350 * KB,
  'pages/members/MembersListPage.tsx': 350 * KB,
};

/** The files a chunk needs before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  if (into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
}

/** The JS files a route loads: the entries' closures and the page's, de-duplicated. */
export function routeFiles(manifest: Manifest, page: string): Set<string> {
  const files = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) staticClosure(manifest, key, files);
  staticClosure(manifest, page, files);
  return files;
}

/**
 * The routes' pages: what the entry loads lazily from pages/ (the route table, src/web/routes.tsx,
 * is in the entry and makes every page a lazy chunk). A part a page loads on demand is not a route.
 */
export function pageKeys(manifest: Manifest): string[] {
  const pages = new Set<string>();
  for (const chunk of Object.values(manifest)) {
    if (chunk.isEntry) for (const key of chunk.dynamicImports ?? []) if (key.startsWith('pages/')) pages.add(key);
  }
  return [...pages].sort();
}

/** Sizes of every page's route; `sizeOf` gives a file's gzipped bytes. */
export function routeSizes(manifest: Manifest, sizeOf: (file: string) => number): RouteSize[] {
  for (const page of Object.keys(BUDGETS)) {
    if (!pageKeys(manifest).includes(page)) throw new Error(`${page} has a budget but is not a lazy page in the manifest`);
  }
  return pageKeys(manifest).map((page) => {
    const files = routeFiles(manifest, page);
    const bytes = [...files].reduce((sum, file) => sum + sizeOf(file), 0);
    return { page, bytes, files: files.size, budget: BUDGETS[page] };
  });
}

export const overBudget = (sizes: RouteSize[]): RouteSize[] =>
  sizes.filter((s) => s.budget !== undefined && s.bytes >= s.budget);

const kB = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

/** The table: budgeted routes first, then the rest by size. */
export function formatTable(sizes: RouteSize[]): string {
  const ordered = [...sizes].sort((a, b) => Number(b.budget !== undefined) - Number(a.budget !== undefined) || b.bytes - a.bytes);
  const width = Math.max(...ordered.map((s) => s.page.length), 10);
  const lines = [`${'route (page)'.padEnd(width)}  ${'gzip JS'.padStart(10)}  files  budget`];
  for (const s of ordered) {
    const budget = s.budget === undefined ? '' : `< ${kB(s.budget)} ${s.bytes < s.budget ? 'ok' : 'OVER'}`;
    lines.push(`${s.page.padEnd(width)}  ${kB(s.bytes).padStart(10)}  ${String(s.files).padStart(5)}  ${budget}`);
  }
  return lines.join('\n');
}

/** Reads the build in `distDir` (dist/web) and measures every route. */
export function measureBuild(distDir: string): RouteSize[] {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build the web app first (npx vite build)`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const cache = new Map<string, number>();
  const sizeOf = (file: string): number => {
    let size = cache.get(file);
    if (size === undefined) {
      size = gzipSync(fs.readFileSync(path.join(distDir, file))).length;
      cache.set(file, size);
    }
    return size;
  };
  return routeSizes(manifest, sizeOf);
}

export const DIST_WEB = fileURLToPath(new URL('../dist/web', import.meta.url));

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const sizes = measureBuild(DIST_WEB);
  console.log(formatTable(sizes));
  const over = overBudget(sizes);
  if (over.length > 0) {
    console.error(`\nOver budget: ${over.map((s) => `${s.page} ${kB(s.bytes)} (budget < ${kB(s.budget ?? 0)})`).join(', ')}`);
    process.exit(1);
  }
}
