/**
 * The most rows a pull page answers (a larger `limit` is answered with this many, and `hasMore` says a
 * page follows): reading and serialising a page is done in one go on the server's event loop, so its size
 * bounds how long any pull, anyone's, holds it (docs/sync.md). Without zod, so the app's market pull can
 * import it and nothing else.
 */
export const PULL_PAGE_MAX = 1000;
