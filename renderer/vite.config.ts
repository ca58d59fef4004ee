import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The window's first script (src/early.ts: it asks main what the window will ask first, while
 * the window's own code is still on its way) as an entry of its own, put first in the page: the
 * build would otherwise fold every module script of index.html into the one bundle.
 */
function earlyScript(): Plugin {
  return {
    name: 'watchfloor-early-script',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunk = ctx.bundle
          ? Object.values(ctx.bundle).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'early')
          : undefined;
        if (ctx.bundle && !chunk) throw new Error('the early script was not built');
        const src = chunk ? `./${chunk.fileName}` : './src/early.ts';
        // Before the window's own script (module scripts run in the page's order), after the CSP.
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('index.html has no module script to put the early one before');
        return `${html.slice(0, at)}<script type="module" crossorigin src="${src}"></script>\n    ${html.slice(at)}`;
      },
    },
  };
}

/**
 * The code the window runs as it opens on the map, compiled as it arrives: the entry and the
 * map's view, with all they import statically, start with V8's compile hint
 * (`//# allFunctionsCalledOnLoad`, Chromium 136 and later; a comment to any other engine).
 * Otherwise V8 compiles each function on the page's one thread when it is first called: ~0.25 s
 * of the window's opening, against ~0.1 s with the hint (measured, chromium, a first window).
 * Other views' code loads as they are shown and keeps compiling lazily.
 */
function compileHints(): { plugin: Plugin; postBanner: (chunk: { moduleIds: string[] }) => string } {
  const opening = new Set<string>();
  return {
    plugin: {
      name: 'watchfloor-compile-hints',
      apply: 'build',
      buildEnd() {
        const walk = (id: string) => {
          if (opening.has(id)) return;
          opening.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) walk(next);
        };
        for (const id of this.getModuleIds())
          if (/\/src\/(main\.tsx|early\.ts|app\/map-view\.tsx)$/.test(id)) walk(id);
        if (opening.size < 2) throw new Error('compile hints: the entry or the map view was not found');
      },
    },
    postBanner: (chunk) =>
      chunk.moduleIds.some((id) => opening.has(id)) ? '//# allFunctionsCalledOnLoad' : '',
  };
}
const hints = compileHints();

// The renderer is served from a custom protocol in Electron and by `watchfloor serve`
// in a browser: relative asset paths work for both.
export default defineConfig({
  root,
  base: './',
  plugins: [react(), earlyScript(), hints.plugin],
  build: {
    outDir: fileURLToPath(new URL('../dist/renderer', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      input: { index: `${root}/index.html`, early: `${root}/src/early.ts` },
      output: { postBanner: hints.postBanner },
    },
  },
});
