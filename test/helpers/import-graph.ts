// The repository's file-level import graph, read with the TypeScript compiler's own scanner and
// module resolution (the same resolution `tsc` uses: moduleResolution Bundler), so `import
// type`, re-exports and `import()` all count, as they do for the build and for the reader.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts|cts|mjs|js)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.tmp', '.cache', 'release', 'public']);

/** Every source file under `dirs` (relative to `root`), as repo-relative paths with `/`. */
export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(rel);
      } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel);
    }
  };
  for (const dir of dirs) walk(dir);
  return out.sort();
}

const options: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowJs: true,
  resolveJsonModule: true,
  jsx: ts.JsxEmit.ReactJSX,
};

/** file → the repo files it imports (packages and assets left out), for every file under `dirs`. */
export function importGraph(root: string, dirs: readonly string[]): Map<string, string[]> {
  const files = sourceFiles(root, dirs);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const abs = path.join(root, file);
    const { importedFiles } = ts.preProcessFile(readFileSync(abs, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const resolved = ts.resolveModuleName(fileName, abs, options, ts.sys).resolvedModule;
      if (!resolved) continue;
      const rel = path.relative(root, resolved.resolvedFileName).split(path.sep).join('/');
      if (known.has(rel) && rel !== file) targets.add(rel);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/**
 * The import cycles of a graph: each strongly connected group of two or more files (Tarjan),
 * with one loop through it that a reader can follow (a → b → … → a).
 */
export interface ImportCycle {
  /** Every file of the group, sorted. */
  files: string[];
  /** One loop through it, from its first file back to that file. */
  loop: string[];
}

export function importCycles(graph: Map<string, string[]>): ImportCycle[] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return groups
    .map((files) => ({ files, loop: loopThrough(graph, files) }))
    .sort((a, b) => a.files[0]!.localeCompare(b.files[0]!));
}

/** A shortest loop from the group's first file back to itself, inside the group. */
function loopThrough(graph: Map<string, string[]>, group: string[]): string[] {
  const inGroup = new Set(group);
  const start = group[0]!;
  const from = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!inGroup.has(w)) continue;
      if (w === start) {
        const loop = [v];
        while (loop[0] !== start) loop.unshift(from.get(loop[0]!)!);
        return [...loop, start];
      }
      if (!from.has(w)) {
        from.set(w, v);
        queue.push(w);
      }
    }
  }
  return [...group, start];
}
