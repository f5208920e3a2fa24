/**
 * The relative links of the repository's Markdown files and whether each target exists: the file, and for
 * a `#fragment` the heading it names, by GitHub's heading anchors (github-slugger, the rule GitHub renders
 * with). Links with a scheme (https:, mailto:) and site paths (`/admin`) are not files and are skipped.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';

export interface MarkdownLink {
  readonly line: number;
  readonly target: string;
}

/** Folders that hold no documentation of ours: dependencies and builds (hidden folders are skipped too). */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist']);

/** Every `.md` file under `root`, relative to it, in a stable order. */
export function markdownFiles(root: string, folder = ''): string[] {
  return (
    readdirSync(join(root, folder), { withFileTypes: true })
      // `data/` at the top is the server's database folder.
      .filter((entry) => !entry.name.startsWith('.') && !SKIPPED_FOLDERS.has(entry.name))
      .filter((entry) => folder !== '' || entry.name !== 'data')
      .flatMap((entry) => {
        const path = folder ? `${folder}/${entry.name}` : entry.name;
        if (entry.isDirectory()) return markdownFiles(root, path);
        return entry.name.endsWith('.md') ? [path] : [];
      })
      .sort()
  );
}

/** The lines of `markdown` outside fenced code blocks (` ``` ` or `~~~`), with their 1-based numbers. */
function proseLines(markdown: string): { readonly line: number; readonly text: string }[] {
  const lines: { readonly line: number; readonly text: string }[] = [];
  let fence: string | null = null;
  for (const [index, text] of markdown.split('\n').entries()) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(text)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      continue;
    }
    if (fence === null) lines.push({ line: index + 1, text });
  }
  return lines;
}

/** Inline links and images (`[text](target)`, `![alt](target "title")`) and reference definitions. */
export function linksOf(markdown: string): MarkdownLink[] {
  return proseLines(markdown).flatMap(({ line, text: raw }) => {
    // A code span is text, not a link.
    const text = raw.replace(/`[^`]*`/g, '');
    const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)];
    const reference = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(text);
    const targets = [...inline.map((match) => match[1]), reference?.[1]];
    return targets.filter((target): target is string => !!target).map((target) => ({ line, target }));
  });
}

/** A heading's text as GitHub renders it for its anchor: links as their text, no code or emphasis marks. */
function headingText(raw: string): string {
  return raw
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .replace(/\s+#+\s*$/, '')
    .trim();
}

/** The anchors GitHub gives the ATX headings of `markdown` (a repeated heading gets `-1`, `-2`, …). */
export function headingAnchors(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  for (const { text } of proseLines(markdown)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*)$/.exec(text);
    if (heading?.[1] !== undefined) anchors.add(slugger.slug(headingText(heading[1])));
  }
  return anchors;
}

function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/');
}

/** `docs/….md` and `docs/….md#anchor` as source comments cite them (a sentence's final '.' left out). */
export function docCitationsOf(source: string): MarkdownLink[] {
  return source.split('\n').flatMap((text, index) =>
    [...text.matchAll(/\bdocs\/[\w.-]+\.md(?:#[^\s)`'",;:]+)?/g)].map((match) => ({
      line: index + 1,
      target: match[0].replace(/\.+$/, ''),
    })),
  );
}

interface Cited extends MarkdownLink {
  /** The file the link or citation is in, relative to the root. */
  readonly file: string;
  /** The folder its relative target is read from. */
  readonly base: string;
}

/** Which of `links` name a file or a heading that does not exist, as `file:line → target (why)`. */
function unresolved(root: string, links: readonly Cited[]): string[] {
  const anchorsByFile = new Map<string, Set<string>>();
  const anchorsOf = (path: string) => {
    let anchors = anchorsByFile.get(path);
    if (!anchors) {
      anchors = headingAnchors(readFileSync(path, 'utf8'));
      anchorsByFile.set(path, anchors);
    }
    return anchors;
  };
  return links.flatMap(({ file, base, line, target }) => {
    if (isExternal(target)) return [];
    const [pathPart = '', fragment] = target.split('#', 2);
    const path = pathPart ? resolve(base, decodeURIComponent(pathPart)) : resolve(root, file);
    const where = `${file}:${line} → ${target}`;
    if (!existsSync(path)) return [`${where} (no such file: ${relative(root, path)})`];
    if (fragment === undefined || !path.endsWith('.md') || statSync(path).isDirectory()) return [];
    return anchorsOf(path).has(decodeURIComponent(fragment)) ? [] : [`${where} (no such heading)`];
  });
}

/**
 * Every relative link of the Markdown `files` (relative to `root`) whose target file or heading does not
 * exist, as `file:line → target (why)`.
 */
export function brokenLinks(root: string, files: readonly string[]): string[] {
  return unresolved(
    root,
    files.flatMap((file) =>
      linksOf(readFileSync(resolve(root, file), 'utf8')).map((link) => ({
        ...link,
        file,
        base: dirname(resolve(root, file)),
      })),
    ),
  );
}

/** Every `docs/…` citation in the source `files` (relative to `root`) that names no file or heading. */
export function brokenCitations(root: string, files: readonly string[]): string[] {
  return unresolved(
    root,
    files.flatMap((file) =>
      docCitationsOf(readFileSync(resolve(root, file), 'utf8')).map((link) => ({ ...link, file, base: root })),
    ),
  );
}

/** The TypeScript, JavaScript and CSS files of `folders` (relative to `root`), where comments cite docs/. */
export function sourceFiles(root: string, folders: readonly string[]): string[] {
  const walk = (folder: string): string[] =>
    readdirSync(join(root, folder), { withFileTypes: true })
      .filter((entry) => !entry.name.startsWith('.') && !SKIPPED_FOLDERS.has(entry.name))
      .flatMap((entry) => {
        const path = `${folder}/${entry.name}`;
        if (entry.isDirectory()) return walk(path);
        return /\.(ts|tsx|mjs|css)$/.test(entry.name) ? [path] : [];
      });
  return folders.flatMap(walk).sort();
}
