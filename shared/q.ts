// The service's `q` rules (spec: main profile, GET /signals, parameter q): every word must
// match title, summary, place, country or category; a quoted phrase keeps its order; a
// leading minus excludes a word. One tokenizer serves the demo service, the cache's FTS5
// query (unicode61, remove_diacritics 2) and tests, so all three answer alike.

/** A term is a sequence of tokens that must appear in that order (a word is a 1-token term). */
export type Term = readonly string[];
export interface ParsedQuery {
  readonly required: readonly Term[];
  readonly excluded: readonly Term[];
}

export const Q_MAX_LENGTH = 300;

/** Lower-case letter/digit runs with diacritics removed, as FTS5's unicode61 tokenizer splits. */
export function tokenize(text: string): string[] {
  return (
    text
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

export function parseQuery(q: string): ParsedQuery {
  const required: Term[] = [];
  const excluded: Term[] = [];
  // A quoted phrase (optionally negated), or a bare word (optionally negated).
  const re = /(-?)"([^"]*)"?|(\S+)/g;
  for (const m of q.matchAll(re)) {
    if (m[2] !== undefined) {
      const term = tokenize(m[2]);
      if (term.length) (m[1] ? excluded : required).push(term);
      continue;
    }
    const word = m[3] ?? '';
    const negated = word.startsWith('-') && word.length > 1;
    const term = tokenize(negated ? word.slice(1) : word);
    if (term.length) (negated ? excluded : required).push(term);
  }
  return { required, excluded };
}

function containsTerm(tokens: readonly string[], term: Term): boolean {
  outer: for (let i = 0; i + term.length <= tokens.length; i++) {
    for (let j = 0; j < term.length; j++) if (tokens[i + j] !== term[j]) continue outer;
    return true;
  }
  return false;
}

/** True when the fields (title, summary, place, country, category) satisfy the query. */
export function matchesQuery(query: ParsedQuery, fields: readonly (string | null | undefined)[]): boolean {
  const tokenized = fields.map((f) => tokenize(f ?? ''));
  const anyField = (t: Term) => tokenized.some((tokens) => containsTerm(tokens, t));
  return query.required.every(anyField) && !query.excluded.some(anyField);
}

const ftsPhrase = (t: Term) => `"${t.join(' ')}"`;

/**
 * The FTS5 MATCH expression for the required terms, and one for the excluded terms
 * (FTS5 cannot express a query that only excludes, so the cache applies it as NOT IN).
 */
export function toFts5(query: ParsedQuery): { match: string | null; exclude: string | null } {
  return {
    match: query.required.length ? query.required.map(ftsPhrase).join(' AND ') : null,
    exclude: query.excluded.length ? query.excluded.map(ftsPhrase).join(' OR ') : null,
  };
}
