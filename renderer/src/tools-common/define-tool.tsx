// The tool kit: an online tool is a definition, and the kit makes its view. A definition says
// which tool it asks, the form (its initial fields, its fields' component, how the fields build
// the call or say why they cannot, how a stored request fills them again), one line for a
// stored request, and the answer's own view. The kit renders the rest, the same for every tool:
// the frame (no service yet; an alternate-only tool on the main profile), the two panes, the
// run bar (price, confirmation, the call's state), the chosen answer with its stored marks,
// and the history with "Run again". Each tool's form and chosen answer live in one store of
// the kit's, kept by tool (`toolStores`), so they survive moving between views.
import type { ComponentType, ReactNode } from 'react';
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import type { StoredAnswerOf, ToolName, ToolParams, ToolRunInput } from '../../../shared/contract';
import { RunBar, useToolRunner } from './run-bar';
import { ToolAnswers } from './tool-answers';
import { ToolViewFrame } from './tool-view';

/** The call the form's fields make, or why they make none (shown under the run bar). */
export type Built = { input: ToolRunInput; problem: null } | { input: null; problem: string };

/** A tool's state in the kit's store: the form as typed and the stored answer in view. */
export interface ToolState<F> {
  form: F;
  chosenId: string | null;
  set: (change: Partial<F>) => void;
  choose: (id: string | null) => void;
}
export type ToolStore<F> = UseBoundStore<StoreApi<ToolState<F>>>;

export interface ToolDefinition<K extends ToolName, F> {
  tool: K;
  /** The view's heading and history name ("Claims"). */
  title: string;
  testId: string;
  /** What the view offers, for its empty states ("claims and their evidence classes"). */
  what: string;
  /** On the main profile, what the view says instead of offering a call it cannot make. */
  alternateOnly?: { title: string; body: string };
  /** What to do when no answer is chosen. */
  empty: string;
  initialForm: () => F;
  /** The form's fields, given the form and its setter. */
  Form: ComponentType<{ form: F; set: (change: Partial<F>) => void }>;
  build: (form: F) => Built;
  /** One line for a stored request. */
  summarize: (request: ToolParams<K>) => string;
  /** A stored request back in the form's fields ("Run again"). */
  formOf: (request: ToolParams<K>) => F;
  Answer: ComponentType<{ answer: StoredAnswerOf<K> }>;
  /** Under the form, above the run bar (what the form drew on the map, a note). */
  aside?: ReactNode;
}

export interface DefinedTool<K extends ToolName, F> extends ToolDefinition<K, F> {
  useStore: ToolStore<F>;
  View: ComponentType;
}

/** Every defined tool's store, by tool. */
export const toolStores: { [K in ToolName]?: ToolStore<unknown> } = {};

export function toolStore<F>(initialForm: () => F): ToolStore<F> {
  return create<ToolState<F>>()((set) => ({
    form: initialForm(),
    chosenId: null,
    set: (change) => set((s) => ({ form: { ...s.form, ...change } })),
    choose: (chosenId) => set({ chosenId }),
  }));
}

export function defineTool<K extends ToolName, F>(def: ToolDefinition<K, F>): DefinedTool<K, F> {
  const useStore = toolStore(def.initialForm);
  toolStores[def.tool] = useStore as ToolStore<unknown>;
  function Fields() {
    const form = useStore((s) => s.form);
    const set = useStore((s) => s.set);
    return <def.Form form={form} set={set} />;
  }
  function View() {
    const form = useStore((s) => s.form);
    const chosenId = useStore((s) => s.chosenId);
    const choose = useStore((s) => s.choose);
    const runner = useToolRunner(def.title.toLowerCase(), (a) => choose(a.id));
    const built = def.build(form);
    return (
      <ToolViewFrame testId={def.testId} what={def.what} alternateOnly={def.alternateOnly}>
        <div className="tool-layout">
          <div className="tool-side">
            <h2 className="section-title">{def.title}</h2>
            <Fields />
            {def.aside}
            <RunBar
              title={def.title.toLowerCase()}
              input={built.input}
              problem={built.problem}
              runner={runner}
            />
          </div>
          <div className="tool-main">
            <ToolAnswers
              tool={def.tool}
              title={def.title}
              label={`${def.title} answer`}
              empty={def.empty}
              chosenId={chosenId}
              summarize={def.summarize}
              render={(a) => <def.Answer answer={a} />}
              onChoose={choose}
              onRunAgain={(request) => {
                useStore.getState().set(def.formOf(request));
                runner.start({ tool: def.tool, params: request } as ToolRunInput);
              }}
            />
          </div>
        </div>
      </ToolViewFrame>
    );
  }
  return { ...def, useStore, View };
}
