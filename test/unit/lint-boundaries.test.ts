// The runtime boundaries hold by lint, not by memory (style doc: "Runtime boundaries you can see").
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('runtime boundaries', () => {
  it('keeps electron out of services, the CLI and tests', async () => {
    const code = "import { app } from 'electron';\nexport const x = app;\n";
    expect(await restrictedImports('electron/cli/x.ts', code)).toHaveLength(1);
    expect(await restrictedImports('electron/api/x.ts', code)).toHaveLength(1);
    expect(await restrictedImports('test/unit/x.ts', code)).toHaveLength(1);
    expect(await restrictedImports('electron/main.ts', code)).toHaveLength(0);
    expect(await restrictedImports('electron/adapters/notify.ts', code)).toHaveLength(0);
  });
  it('keeps Node and the other sides out of shared/', async () => {
    expect(
      await restrictedImports('shared/x.ts', "import fs from 'node:fs';\nexport const x = fs;\n"),
    ).toHaveLength(1);
    expect(
      await restrictedImports('shared/x.ts', "import { y } from '../electron/api/y';\nexport const x = y;\n"),
    ).toHaveLength(1);
    expect(
      await restrictedImports('shared/x.ts', "import { z } from 'zod';\nexport const x = z;\n"),
    ).toHaveLength(0);
  });
  it('keeps the renderer on its side of the contract', async () => {
    const fromMain = "import { y } from '../../electron/cache/y';\nexport const x = y;\n";
    expect(await restrictedImports('renderer/src/x.ts', fromMain)).toHaveLength(1);
    expect(
      await restrictedImports('renderer/src/x.ts', "import p from 'node:path';\nexport const x = p;\n"),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        'renderer/src/x.ts',
        "import { q } from '../../shared/q';\nexport const x = q;\n",
      ),
    ).toHaveLength(0);
  });
});
