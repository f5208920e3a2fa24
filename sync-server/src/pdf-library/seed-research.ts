import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../db/database.ts';
import { queryOne } from '../db/query.ts';
import { isPdfBytes, sha256Hex, storedPdfName } from './pdf-files.ts';
import { insertCategory, insertFile } from './pdf-store.ts';

interface ResearchFixture {
  readonly categories: readonly string[];
  readonly files: readonly { filename: string; category: string | null; upload_time: string }[];
}

/**
 * Seeds the sample research PDFs of `fixtures/research/` (made by scripts/make-research-pdfs.ts) and their
 * categories into a library that has never had any (tombstones count: what an admin deleted stays deleted).
 * Answers how many files it stored.
 */
export function seedResearchPdfs(db: Database, fixturesDir: string): number {
  const dir = join(fixturesDir, 'research');
  const manifest = join(dir, 'research.json');
  if (!existsSync(manifest)) return 0;
  const used =
    (queryOne<{ n: number }>(db, 'SELECT (SELECT count(*) FROM pdf_categories) + (SELECT count(*) FROM pdf_files) AS n')
      ?.n ?? 0) > 0;
  if (used) return 0;
  const fixture = JSON.parse(readFileSync(manifest, 'utf8')) as ResearchFixture;
  const categoryIds = new Map(fixture.categories.map((name) => [name, insertCategory(db, name).id]));
  let stored = 0;
  for (const file of fixture.files) {
    const path = join(dir, file.filename);
    if (!existsSync(path)) continue;
    const bytes = new Uint8Array(readFileSync(path));
    if (!isPdfBytes(bytes)) continue;
    insertFile(db, {
      filename: storedPdfName(file.filename),
      bytes,
      sha256: sha256Hex(bytes),
      categoryId: file.category ? (categoryIds.get(file.category) ?? null) : null,
      uploadTime: new Date(file.upload_time).toISOString(),
      uploadedBy: 'seed',
    });
    stored += 1;
  }
  return stored;
}
