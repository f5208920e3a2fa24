/**
 * Whether `If-None-Match` names this ETag: a list of tags or `*`, compared weakly (a `W/` on either side
 * is ignored), as HTTP asks for a GET. For every conditional answer: cached views, the app's files, PDFs.
 */
export function matchesEtag(ifNoneMatch: string | undefined | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}
