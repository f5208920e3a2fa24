import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  brokenCitations,
  brokenLinks,
  docCitationsOf,
  headingAnchors,
  linksOf,
  markdownFiles,
  sourceFiles,
} from './docs-links.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** README is the front door: what it is, how to start, where to read on (docs/ holds the rest). */
const README_MAX_BYTES = 8 * 1024;

describe('the documentation', () => {
  it('keeps README.md within 8 KB', () => {
    expect(statSync(`${ROOT}README.md`).size).toBeLessThanOrEqual(README_MAX_BYTES);
  });

  it('walks README.md and every file of docs/', () => {
    const files = markdownFiles(ROOT);
    expect(files).toContain('README.md');
    expect(files).toContain('docs/requirements.md');
    expect(files.some((file) => file.includes('node_modules'))).toBe(false);
  });

  it('has every relative link resolve to a file, and every #anchor to a heading of it', () => {
    expect(brokenLinks(ROOT, markdownFiles(ROOT))).toEqual([]);
  });

  it('has every docs/… a source comment cites exist, with its heading', () => {
    const files = sourceFiles(ROOT, ['engine', 'sync-server', 'pwa', 'scripts']);
    expect(files).toContain('engine/src/valuation/dcf.ts');
    expect(brokenCitations(ROOT, files)).toEqual([]);
  });
});

describe('docCitationsOf', () => {
  it('reads a cited doc and anchor up to the punctuation around it', () => {
    const source = [
      '/** The DCF table of docs/requirements.md#the-dcf-table, exactly. */',
      '// (docs/operations.md#scale-out). See docs/api.md.',
    ].join('\n');
    expect(docCitationsOf(source)).toEqual([
      { line: 1, target: 'docs/requirements.md#the-dcf-table' },
      { line: 2, target: 'docs/operations.md#scale-out' },
      { line: 2, target: 'docs/api.md' },
    ]);
  });
});

describe('linksOf', () => {
  it('finds links and images, not links in code', () => {
    const markdown = [
      'See [the model](notes/model.md#dcf) and ![a picture](docs/screenshots/x.png "title").',
      'Inline `[not](a-link.md)` code.',
      '```md',
      '[also not](inside-a-fence.md)',
      '```',
      '[ref]: docs/api.md',
    ].join('\n');
    expect(linksOf(markdown)).toEqual([
      { line: 1, target: 'notes/model.md#dcf' },
      { line: 1, target: 'docs/screenshots/x.png' },
      { line: 6, target: 'docs/api.md' },
    ]);
  });
});

describe('headingAnchors', () => {
  it('makes GitHub’s anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered', () => {
    const markdown = [
      '# The valuation model',
      '## 7. DCF, terminal value and the equity bridge',
      '### engine — four entry points',
      '## `@fcf/engine` exports',
      '## 公司数据对比',
      '## Tests',
      '## Tests',
      '```sh',
      '# not a heading',
      '```',
    ].join('\n');
    expect([...headingAnchors(markdown)]).toEqual([
      'the-valuation-model',
      '7-dcf-terminal-value-and-the-equity-bridge',
      'engine--four-entry-points',
      'fcfengine-exports',
      '公司数据对比',
      'tests',
      'tests-1',
    ]);
  });
});
