// What the Registry view is asking and showing, kept while the analyst moves between views:
// the search as typed and the stored answers in view (a search, an entity's history, the
// signals linked to it). Not kept across restarts: the answers are in the cache (the histories).
import { create } from 'zustand';

export interface SearchForm {
  q: string;
  subtypes: string[];
  limit: string;
}

interface RegistryState {
  form: SearchForm;
  searchId: string | null;
  detailId: string | null;
  linkedId: string | null;
  set: (changes: Partial<SearchForm>) => void;
  chooseSearch: (id: string | null) => void;
  chooseDetail: (id: string | null) => void;
  chooseLinked: (id: string | null) => void;
}

export const initialForm = (): SearchForm => ({ q: '', subtypes: [], limit: '' });

export const useRegistryState = create<RegistryState>()((set) => ({
  form: initialForm(),
  searchId: null,
  detailId: null,
  linkedId: null,
  set: (changes) => set((s) => ({ form: { ...s.form, ...changes } })),
  chooseSearch: (searchId) => set({ searchId }),
  // A new entity's history replaces the linked signals of the previous one.
  chooseDetail: (detailId) => set({ detailId, linkedId: null }),
  chooseLinked: (linkedId) => set({ linkedId }),
}));
