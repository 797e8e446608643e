/**
 * The id in a record page's address (/books/:id, /learners/:id …): a plain
 * positive number, else null, a page that does not exist. Kept apart from
 * the page's components so a route's prefetch can read it in a small chunk.
 */
export const recordIdOf = (param = ''): number | null =>
  /^[1-9]\d{0,15}$/.test(param) ? Number(param) : null;
