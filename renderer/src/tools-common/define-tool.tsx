// The tool kit: an online tool is a definition, and the kit makes its view. A definition says
// which tool it asks, the form (its initial fields, its fields' component, how the fields build
// the call or say why they cannot, how a stored request fills them again), one line for a
// stored request, and the answer's own view. The kit renders the rest, the same for every tool:
// the frame (no service yet; an alternate-only tool on the main profile), the two panes, the
// run bar (price, confirmation, the call's state), the chosen answer with its stored marks,
// and the history with "Run again". Each tool's form and chosen answer live in one store of
// the kit's, kept by tool (`toolStores`), so they survive moving between views.
import { createContext, Fragment, useContext, type ComponentType, type ReactNode } from 'react';
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import type {
  Profile,
  StoredAnswer,
  StoredAnswerOf,
  ToolName,
  ToolParams,
  ToolRunInput,
} from '../../../shared/contract';
import { useAppInfo } from '../data';
import { chargedWords, RunBar, useToolRunner, type ToolRunner } from './run-bar';
import { ToolHistory } from './tool-history';
import { StoredAnswerPanel, ToolViewFrame } from './tool-view';

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
 * One call a view offers: its block (a heading, its fields, its run bar) and its answers (the
 * chosen one and the history). Where the form and the chosen answer live is the view's (a
 * defined tool keeps them in the kit's store; the Terrain view's polygon lives with its form).
 */
export interface ToolRun<K extends ToolName> {
  tool: K;
  /** The runner's and run bar's name ("hotspots", "SAR geometry"). */
  name: string;
  /** The run bar's name now, when the fields change it ("weekly brief"). */
  useBarName?: () => string;
  /** The history's name ("Hotspots" → "Hotspots history"); the answer region is "<title> answer". */
  title: string;
  /** What to do when no answer is chosen (absent: nothing is shown until one is). */
  empty?: string;
  /** Shown instead while no answer is chosen (the Brief view's synced brief). */
  Unchosen?: ComponentType;
  /** A heading and fields before this call's run bar. */
  heading?: string;
  Form?: ComponentType;
  /** Whether the confirmation threshold applies (a free call: false). */
  threshold?: boolean;
  /**
   * The call the fields make now (a hook: it reads the view's state). Absent: the call has no
   * run bar; an answer asks it (`useRunner(tool).start`), and what became of it is said above
   * its answers.
   */
  useBuilt?: () => Built;
  useChosen: () => string | null;
  choose: (id: string | null) => void;
  /** One line for a stored request (the answer too, for what it named). */
  summarize: (request: ToolParams<K>, answer: StoredAnswerOf<K>) => string;
  /** A stored request back in the fields ("Run again"). */
  refill?: (request: ToolParams<K>) => void;
  Answer: ComponentType<{ answer: StoredAnswerOf<K> }>;
  /** Above the clamps of a stored answer, whatever its state (a job's progress, a plan's refusal). */
  Lead?: ComponentType<{ answer: StoredAnswerOf<K> }>;
  /** The shown answer's heading. */
  answerHeading?: string;
  /** The shown answer's region name (else "<title> answer"). */
  answerLabel?: string;
  /**
   * Where the run stands: its block in the side pane and its answers in the main one (the
   * default), or all of it in one pane ('side': an aside of the view; 'main': a call asked
   * from another's answer).
   */
  place?: 'side' | 'main';
  /** The run's parts as one region of this name. */
  section?: string;
  /** The run's outcome's test id (a run without a run bar). */
  outcomeTestId?: string;
  /** Offered on this profile only. */
  profile?: Profile;
}
/** A run of any tool (the view lists several). */
export type AnyToolRun = { [K in ToolName]: ToolRun<K> }[ToolName];

export interface ToolViewDefinition {
  testId: string;
  /** The view's own class, beside the kit's. */
  className?: string;
  what: string;
  alternateOnly?: { title: string; body: string };
  /** In the side pane's order. */
  runs: readonly AnyToolRun[];
  /** The main pane's order of the runs' answers, by index into `runs` (else the side's order). */
  answersOrder?: readonly number[];
  /** The histories after all the answers (else each after its own answer). */
  historiesLast?: boolean;
  /** One column instead of two panes (the runs' blocks above their answers). */
  oneColumn?: boolean;
  /** Above the panes (the Brief view's periods). */
  Above?: ComponentType;
  /**
   * One answer in view for all the runs (the Collection view's plan or survey): the main pane
   * shows the chosen answer, whichever tool it is of, then each run's history.
   */
  oneAnswer?: { useChosen: () => string | null; choose: (id: string | null) => void; empty: string };
}

type Runners = Partial<Record<ToolName, ToolRunner>>;
const RunnersContext = createContext<Runners>({});

/** The runner of a call of this view (an answer asks another call through it). */
export function useRunner(tool: ToolName): ToolRunner {
  const r = useContext(RunnersContext)[tool];
  if (!r) throw new Error(`No runner for ${tool} in this view`);
  return r;
}

/** Each run's runner, one hook a level, handed down to the whole view. */
function WithRunners({
  runs,
  got,
  children,
}: {
  runs: readonly AnyToolRun[];
  got: Runners;
  children: ReactNode;
}) {
  const [run, ...rest] = runs;
  const runner = useToolRunner(run!.name, (a) => run!.choose(a.id));
  const all = { ...got, [run!.tool]: runner };
  return rest.length ? (
    <WithRunners runs={rest} got={all}>
      {children}
    </WithRunners>
  ) : (
    <RunnersContext.Provider value={all}>{children}</RunnersContext.Provider>
  );
}

/** What became of a call asked from an answer (no run bar says it): a wait, a refusal, the charge. */
export function RunOutcome({ runner, testId }: { runner: ToolRunner; testId?: string }) {
  const { error, last, pending } = runner;
  return (
    <div aria-live="polite" data-testid={testId}>
      {pending && <p className="muted">Asking the service…</p>}
      {!pending && error && (
        <p role="alert" className="warn">
          Not asked: {error.message}
        </p>
      )}
      {!pending && !error && last?.status === 'failed' && last.error && (
        <p role="alert" className="warn">
          The service refused ({last.error.status ?? last.error.code}): {last.error.message}
        </p>
      )}
      {!pending && !error && last && last.status !== 'failed' && (
        <p className="muted">{chargedWords(last)}</p>
      )}
      {runner.dialog}
    </div>
  );
}

function RunBlock({ run }: { run: AnyToolRun }) {
  const runner = useRunner(run.tool);
  return (
    <>
      {run.heading && <h2 className="section-title">{run.heading}</h2>}
      {run.Form && <run.Form />}
      {run.useBuilt ? (
        <Bar run={run} useBuilt={run.useBuilt} runner={runner} />
      ) : (
        <RunOutcome runner={runner} testId={run.outcomeTestId} />
      )}
    </>
  );
}

function Bar({ run, useBuilt, runner }: { run: AnyToolRun; useBuilt: () => Built; runner: ToolRunner }) {
  const built = useBuilt();
  const name = run.useBarName?.() ?? run.name;
  return (
    <RunBar
      title={name}
      input={built.input}
      problem={built.problem}
      runner={runner}
      {...(run.threshold === false ? { threshold: false } : {})}
    />
  );
}

// A stored answer of this run's tool, or null. (TypeScript cannot narrow the union by a generic
// tool name; the check on `tool` is what makes the cast true.)
const mine = <K extends ToolName>(run: ToolRun<K>, a: StoredAnswer) =>
  a.tool === run.tool ? (a as StoredAnswerOf<K>) : null;
const requestOf = <K extends ToolName>(a: StoredAnswerOf<K>) => a.request as ToolParams<K>;
const summaryOf = (runs: readonly AnyToolRun[]) => (a: StoredAnswer) => {
  const run = runs.find((r) => r.tool === a.tool) as ToolRun<ToolName> | undefined;
  const m = run && mine(run, a);
  return run && m ? run.summarize(requestOf(m), m) : a.tool;
};

/** The chosen answer of one of `runs` (the run of its tool draws it). */
function ChosenAnswer({
  id,
  runs,
  empty,
}: {
  id: string | null;
  runs: readonly AnyToolRun[];
  empty?: string;
}) {
  const find = (a: StoredAnswer) => runs.find((r) => r.tool === a.tool) as ToolRun<ToolName> | undefined;
  if (!id && !empty) return null;
  return (
    <StoredAnswerPanel
      id={id}
      label={(a) => find(a)?.answerLabel ?? `${find(a)?.title ?? a.tool} answer`}
      heading={(a) => find(a)?.answerHeading}
      empty={empty ?? ''}
      summary={summaryOf(runs)}
      lead={(a) => {
        const run = find(a);
        const m = run && mine(run, a);
        return run?.Lead && m ? <run.Lead answer={m} /> : null;
      }}
    >
      {(a) => {
        const run = find(a);
        const m = run && mine(run, a);
        return run && m ? <run.Answer answer={m} /> : null;
      }}
    </StoredAnswerPanel>
  );
}

function RunHistory<K extends ToolName>({ run, choose }: { run: ToolRun<K>; choose?: (id: string) => void }) {
  const runner = useRunner(run.tool);
  const chosenId = run.useChosen();
  return (
    <ToolHistory
      tool={run.tool}
      title={run.title}
      chosenId={chosenId}
      summary={(a) => {
        const m = mine(run, a);
        return m ? run.summarize(requestOf(m), m) : a.tool;
      }}
      onChoose={(a) => (choose ?? run.choose)(a.id)}
      onRunAgain={(a) => {
        const m = mine(run, a);
        if (!m) return;
        run.refill?.(requestOf(m));
        runner.start({ tool: run.tool, params: m.request } as ToolRunInput);
      }}
    />
  );
}

function RunAnswer({ run }: { run: AnyToolRun }) {
  const id = run.useChosen();
  if (!id && run.Unchosen) return <run.Unchosen />;
  return <ChosenAnswer id={id} runs={[run]} empty={run.empty} />;
}

/** A run whose parts stand together in one pane (in a region when it names one). */
function WholeRun({ run }: { run: AnyToolRun }) {
  const parts = (
    <>
      <RunBlock run={run} />
      <RunAnswer run={run} />
      <RunHistory<ToolName> run={run as ToolRun<ToolName>} />
    </>
  );
  return run.section ? <section aria-label={run.section}>{parts}</section> : parts;
}

function ViewPanes({ def, profile }: { def: ToolViewDefinition; profile: Profile | null }) {
  const runs = def.runs.filter((r) => !r.profile || r.profile === profile);
  const split = runs.filter((r) => !r.place);
  const main = (def.answersOrder ?? def.runs.map((_, i) => i))
    .map((i) => def.runs[i]!)
    .filter((r) => runs.includes(r) && r.place !== 'side');
  const one = def.oneAnswer;
  const history = (r: AnyToolRun) => (
    <RunHistory<ToolName> key={`${r.tool}-history`} run={r as ToolRun<ToolName>} choose={one?.choose} />
  );
  if (def.oneColumn)
    return (
      <div className="tool-column">
        {runs.map((r) => (
          <WholeRun key={r.tool} run={r} />
        ))}
      </div>
    );
  return (
    <div className="tool-layout">
      <div className="tool-side">
        {runs.map((r) =>
          r.place === 'side' ? (
            <WholeRun key={r.tool} run={r} />
          ) : (
            !r.place && <RunBlock key={r.tool} run={r} />
          ),
        )}
      </div>
      <div className="tool-main">
        {one ? (
          <>
            <OneAnswer one={one} runs={split} />
            {split.map(history)}
          </>
        ) : (
          <>
            {main.map((r) =>
              r.place === 'main' ? (
                <Fragment key={r.tool}>
                  {r.section ? (
                    <section aria-label={r.section}>
                      <RunBlock run={r} />
                      <RunAnswer run={r} />
                      {!def.historiesLast && history(r)}
                    </section>
                  ) : (
                    <>
                      <RunBlock run={r} />
                      <RunAnswer run={r} />
                      {!def.historiesLast && history(r)}
                    </>
                  )}
                </Fragment>
              ) : (
                <Fragment key={r.tool}>
                  <RunAnswer run={r} />
                  {!def.historiesLast && history(r)}
                </Fragment>
              ),
            )}
            {def.historiesLast && main.map(history)}
          </>
        )}
      </div>
    </div>
  );
}

function OneAnswer({
  one,
  runs,
}: {
  one: NonNullable<ToolViewDefinition['oneAnswer']>;
  runs: readonly AnyToolRun[];
}) {
  return <ChosenAnswer id={one.useChosen()} runs={runs} empty={one.empty} />;
}

/** A view of one or more calls, made by the kit. */
export function defineToolView(def: ToolViewDefinition): ComponentType {
  return function ToolView() {
    const profile = useAppInfo().data?.profile ?? null;
    return (
      <ToolViewFrame
        testId={def.testId}
        className={def.className}
        what={def.what}
        alternateOnly={def.alternateOnly}
      >
        <WithRunners runs={def.runs} got={{}}>
          {def.Above && <def.Above />}
          <ViewPanes def={def} profile={profile} />
        </WithRunners>
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
