// The Registry's calls: an entity search (GET /entities: q of at least 2 characters, subtypes
// among the profile's documented ones), an entity's history (GET /entities/{id}), and the
// signals linked to an entity (GET /signals?linked_to=facility:<entity_id>, main profile only;
// a plan without linked_to drops the filter and says which plan has it). And each stored
// request in one line for the histories.
import type { Profile, StoredAnswerOf, ToolParams } from '../../../../shared/contract';
import type { Built } from '../../tools-common/define-tool';
import { ALTERNATE_SUBTYPES, SUBTYPES } from '../../../../shared/service/values';
import type { SearchForm } from './registry-state';

export const subtypesOf = (profile: Profile): readonly string[] =>
  profile === 'main' ? SUBTYPES : ALTERNATE_SUBTYPES;
export const subtypeWords = (s: string) => s.replace(/_/g, ' ');

export function buildSearch(form: SearchForm): Built {
  const q = form.q.trim();
  if (q.length < 2) return { input: null, problem: 'Type at least 2 characters to search the registry.' };
  const params: { q: string; subtypes?: string[]; limit?: number } = { q };
  if (form.subtypes.length) params.subtypes = form.subtypes;
  if (form.limit.trim()) {
    const n = Number(form.limit);
    if (!Number.isInteger(n) || n < 1 || n > 50)
      return { input: null, problem: 'At most is a whole number from 1 to 50.' };
    params.limit = n;
  }
  return { input: { tool: 'entities.search', params }, problem: null };
}

export const linkedTo = (entityId: string | number) => `facility:${String(entityId)}`;

export const summarizeSearch = (r: ToolParams<'entities.search'>): string =>
  [
    `“${r.q}”`,
    r.subtypes?.length ? r.subtypes.map(subtypeWords).join(', ') : 'any subtype',
    r.limit ? `at most ${r.limit}` : null,
  ]
    .filter(Boolean)
    .join(' · ');

/** The entity's name once answered (the id is in the stored request, and long). */
export const summarizeDetail = (r: ToolParams<'entities.detail'>, a: StoredAnswerOf<'entities.detail'>) =>
  a.answer?.entity.canonical ?? `entity ${String(r.entityId)}`;

export const summarizeLinked = (r: ToolParams<'signals.linked'>): string =>
  `signals linked to ${r.linked_to}`;
