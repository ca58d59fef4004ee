// No file imports itself back: no import cycle between files anywhere in the repository's
// sources (electron, shared, renderer, bench, scripts, test). A cycle makes a module's
// evaluation order depend on who is loaded first, and two files in one cannot be read,
// tested or moved apart. The graph is the TypeScript compiler's own reading of the imports
// (test/helpers/import-graph.ts): `import type`, re-exports and `import()` count.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/cli';
import { importCycles, importGraph, type ImportCycle } from '../helpers/import-graph';

const SOURCES = ['electron', 'shared', 'renderer', 'bench', 'scripts', 'test'] as const;

const show = (c: ImportCycle) => `${c.files.join(', ')}\n    loop: ${c.loop.join(' → ')}`;

describe('import cycles', { timeout: 60_000 }, () => {
  const cycles = importCycles(importGraph(repoRoot, SOURCES));

  it('has none between the repository’s files', () => {
    const found = cycles.map(show);
    expect(found, `import cycles:\n${found.join('\n')}`).toEqual([]);
  });

  it('finds a cycle through type imports, re-exports and index files, and names its files', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'wf-cycles-'));
    const put = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    put('src/a.ts', "import type { B } from './b';\nexport type A = B[];\n");
    put('src/b.ts', "export * from './deep';\nexport type B = string;\n");
    put(
      'src/deep/index.ts',
      "import { z } from 'zod';\nexport { type A } from '../a';\nexport const d = z;\n",
    );
    put('src/leaf.ts', "import { d } from './deep';\nexport const leaf = d;\n");
    const found = importCycles(importGraph(root, ['src']));
    expect(found).toEqual([
      {
        files: ['src/a.ts', 'src/b.ts', 'src/deep/index.ts'],
        loop: ['src/a.ts', 'src/b.ts', 'src/deep/index.ts', 'src/a.ts'],
      },
    ]);
  });
});
