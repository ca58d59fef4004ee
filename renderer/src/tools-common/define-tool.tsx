// The tool kit: an online tool is a definition, and the kit makes its view. A definition says
// which tool it asks, the form (its initial fields, its fields' component, how the fields build
// the call or say why they cannot, how a stored request fills them again), one line for a
// stored request, and the answer's own view. The kit renders the rest, the same for every tool:
// the frame (no service yet; an alternate-only tool on the main profile), the two panes, the
// run bar (price, confirmation, the call's state), the chosen answer with its stored marks,
// and the history with "Run again". Each tool's form and chosen answer live in one store of
// the kit's, kept by tool (`toolStores`), so they survive moving between views.
import { useRef, type ComponentType, type ReactNode } from 'react';
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

/**
 * One call a view offers: its block of the side pane (a heading, its fields, its run bar) and
 * its answers in the main pane. Where the form and the chosen answer live is the view's (a
 * defined tool keeps them in the kit's store; the Terrain view's polygon lives with its form).
 */
export interface ToolRun<K extends ToolName> {
  tool: K;
  /** The runner's and run bar's name ("hotspots", "SAR geometry"). */
  name: string;
  /** The history's name ("Hotspots" → "Hotspots history"); the answer region is "<title> answer". */
  title: string;
  /** What to do when no answer is chosen. */
  empty: string;
  /** A heading and fields before this call's run bar in the side pane. */
  heading?: string;
  Form?: ComponentType;
  /** Whether the confirmation threshold applies (a free call: false). */
  threshold?: boolean;
  /** The call the fields make now (a hook: it reads the view's state). */
  useBuilt: () => Built;
  useChosen: () => string | null;
  choose: (id: string | null) => void;
  summarize: (request: ToolParams<K>) => string;
  /** A stored request back in the fields ("Run again"). */
  refill: (request: ToolParams<K>) => void;
  Answer: ComponentType<{ answer: StoredAnswerOf<K> }>;
}
/** A run of any tool (the view lists several). */
export type AnyToolRun = { [K in ToolName]: ToolRun<K> }[ToolName];

export interface ToolViewDefinition {
  testId: string;
  what: string;
  alternateOnly?: { title: string; body: string };
  /** In the side pane's order. */
  runs: readonly AnyToolRun[];
  /** The main pane's order of the runs' answers, by index into `runs` (else the side's order). */
  answersOrder?: readonly number[];
}

function RunBlock({
  run,
  onRunner,
}: {
  run: AnyToolRun;
  onRunner: (r: ReturnType<typeof useToolRunner>) => void;
}) {
  const runner = useToolRunner(run.name, (a) => run.choose(a.id));
  const built = run.useBuilt();
  onRunner(runner);
  return (
    <>
      {run.heading && <h2 className="section-title">{run.heading}</h2>}
      {run.Form && <run.Form />}
      <RunBar
        title={run.name}
        input={built.input}
        problem={built.problem}
        runner={runner}
        {...(run.threshold === false ? { threshold: false } : {})}
      />
    </>
  );
}

function RunAnswers<K extends ToolName>({
  run,
  start,
}: {
  run: ToolRun<K>;
  start: (input: ToolRunInput) => void;
}) {
  const chosenId = run.useChosen();
  return (
    <ToolAnswers
      tool={run.tool}
      title={run.title}
      label={`${run.title} answer`}
      empty={run.empty}
      chosenId={chosenId}
      summarize={run.summarize}
      render={(a) => <run.Answer answer={a} />}
      onChoose={run.choose}
      onRunAgain={(request) => {
        run.refill(request);
        start({ tool: run.tool, params: request } as ToolRunInput);
      }}
    />
  );
}

/** A view of one or more calls, made by the kit. */
export function defineToolView(def: ToolViewDefinition): ComponentType {
  const order = def.answersOrder ?? def.runs.map((_, i) => i);
  return function ToolView() {
    // Each run's runner, handed up by its block so "Run again" starts the same call.
    const runners = useRef<ReturnType<typeof useToolRunner>[]>([]);
    return (
      <ToolViewFrame testId={def.testId} what={def.what} alternateOnly={def.alternateOnly}>
        <div className="tool-layout">
          <div className="tool-side">
            {def.runs.map((run, i) => (
              <RunBlock key={run.tool} run={run} onRunner={(r) => (runners.current[i] = r)} />
            ))}
          </div>
          <div className="tool-main">
            {order.map((i) => {
              const run = def.runs[i]!;
              return (
                <RunAnswers<ToolName>
                  key={run.tool}
                  run={run as ToolRun<ToolName>}
                  start={(input) => runners.current[i]?.start(input)}
                />
              );
            })}
          </div>
        </div>
      </ToolViewFrame>
    );
  };
}

/** One run, typed by its tool, as a member of a view's list. */
export const toolRun = <K extends ToolName>(run: ToolRun<K>): AnyToolRun => run as unknown as AnyToolRun;

export function defineTool<K extends ToolName, F>(def: ToolDefinition<K, F>): DefinedTool<K, F> {
  const useStore = toolStore(def.initialForm);
  toolStores[def.tool] = useStore as ToolStore<unknown>;
  function Fields() {
    const form = useStore((s) => s.form);
    const set = useStore((s) => s.set);
    return (
      <>
        <def.Form form={form} set={set} />
        {def.aside}
      </>
    );
  }
  const View = defineToolView({
    testId: def.testId,
    what: def.what,
    alternateOnly: def.alternateOnly,
    runs: [
      toolRun<K>({
        tool: def.tool,
        name: def.title.toLowerCase(),
        title: def.title,
        empty: def.empty,
        heading: def.title,
        Form: Fields,
        useBuilt: () => def.build(useStore((s) => s.form)),
        useChosen: () => useStore((s) => s.chosenId),
        choose: (id) => useStore.getState().choose(id),
        summarize: def.summarize,
        refill: (request) => useStore.getState().set(def.formOf(request)),
        Answer: def.Answer,
      }),
    ],
  });
  return { ...def, useStore, View };
}
