#!/usr/bin/env bash
# Builds the Dockerfile and runs the image, on a machine with no Docker engine and no registry of
# images: podman (Debian's) builds it on a base made here from Debian's packages (debootstrap) and
# this machine's Node.js, with Node at /usr/local/bin and a `node` user, as the official images have.
# Then: the image on PGlite, and on PostgreSQL (a fresh database on 127.0.0.1:5432), must become
# ready, serve the web app as a non-root user, pass its own HEALTHCHECK and stop cleanly on SIGTERM.
#
#   sudo scripts/container-smoke.sh        (root: podman and debootstrap are installed if missing)
set -euo pipefail
cd "$(dirname "$0")/.."

export DEBIAN_FRONTEND=noninteractive
need=()
command -v podman >/dev/null || need+=(podman)
command -v debootstrap >/dev/null || need+=(debootstrap)
if [ ${#need[@]} -gt 0 ]; then apt-get update -qq && apt-get install -y -qq "${need[@]}" >/dev/null; fi

# This sandbox refuses the rlimits podman sets by default and has no cgroup v2: runc, no default ulimits.
conf=$(mktemp)
printf '[containers]\ndefault_ulimits = []\n' >"$conf"
export CONTAINERS_CONF="$conf"
pm() { podman --runtime runc "$@"; }

node_major=$(node -p 'process.versions.node.split(".")[0]')
base="localhost/earn-node-base:${node_major}"
work=$(mktemp -d)
db="earn_image_$$"
containers=()
cleanup() {
  for c in "${containers[@]}"; do pm rm -f "$c" >/dev/null 2>&1 || true; done
  psql -h 127.0.0.1 -U postgres -d postgres -qc "DROP DATABASE IF EXISTS ${db} WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$work" "$conf"
}
trap cleanup EXIT

if ! pm image exists "$base"; then
  echo "making the base image ${base} (Debian bookworm minbase + Node $(node -v))"
  # The Debian mirror this machine's apt is set up with.
  mirror=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null | sed -n 's/^URIs: *//p' | head -1)
  [ -n "$mirror" ] || mirror=$(grep -hE '^deb ' /etc/apt/sources.list 2>/dev/null | awk '{print $2}' | head -1)
  debootstrap --variant=minbase bookworm "$work/rootfs" "$mirror" >/dev/null
  mkdir -p "$work/rootfs/usr/local/bin" "$work/rootfs/usr/local/lib/node_modules" "$work/rootfs/etc/ssl/certs"
  cp -a "$(readlink -f "$(command -v node)")" "$work/rootfs/usr/local/bin/node"
  cp -a "$(dirname "$(readlink -f "$(command -v npm)")")/.." "$work/rootfs/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$work/rootfs/usr/local/bin/npm"
  chroot "$work/rootfs" groupadd -g 1000 node
  chroot "$work/rootfs" useradd -u 1000 -g node -m -s /bin/sh node
  # The registry is reached through this machine's certificate authorities.
  cp /etc/ssl/certs/ca-certificates.crt "$work/rootfs/etc/ssl/certs/"
  (cd "$work/rootfs" && tar -c . | pm import \
    --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
    --change 'ENV npm_config_cafile=/etc/ssl/certs/ca-certificates.crt' \
    --change 'ENV npm_config_omit_lockfile_registry_resolved=true' - "$base" >/dev/null)
  rm -rf "$work/rootfs"
fi

echo "building the image"
start=$(date +%s)
pm build --format docker --network host --build-arg "NODE_IMAGE=${base}" -t earn:smoke . >"$work/build.log" 2>&1 ||
  { tail -30 "$work/build.log"; exit 1; }
echo "built in $(($(date +%s) - start)) s, $(pm image inspect earn:smoke --format '{{.Size}}' | awk '{printf "%.0f MB", $1/1e6}')"

free_port() { node -e 's=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

# Runs the image with the given environment; waits for readiness; checks what a newcomer would see.
try_image() {
  local label=$1; shift
  local port name
  port=$(free_port)
  name="earn-smoke-${label}-$$"
  containers+=("$name")
  pm run -d --name "$name" --network host -e HOST=127.0.0.1 -e "PORT=${port}" -e ADMIN_TOKEN=smoke "$@" earn:smoke >/dev/null
  local ready=""
  for _ in $(seq 1 90); do
    if curl -fsS "http://127.0.0.1:${port}/api/health/ready" >/dev/null 2>&1; then ready=1; break; fi
    sleep 1
  done
  [ -n "$ready" ] || { pm logs "$name" | tail -30; echo "${label}: never became ready"; exit 1; }
  curl -fsS "http://127.0.0.1:${port}/" | grep -q '<title>Earn</title>' || { echo "${label}: no web app"; exit 1; }
  [ "$(pm exec "$name" id -u)" = "1000" ] || { echo "${label}: runs as root"; exit 1; }
  pm healthcheck run "$name" >/dev/null || { echo "${label}: HEALTHCHECK failed"; exit 1; }
  pm stop -t 20 "$name" >/dev/null
  local code
  code=$(pm inspect "$name" --format '{{.State.ExitCode}}')
  [ "$code" = "0" ] || { pm logs "$name" | tail -20; echo "${label}: exited ${code} on SIGTERM"; exit 1; }
  echo "${label}: ready, serves the web app as uid 1000, HEALTHCHECK passes, SIGTERM exits 0"
}

try_image pglite
psql -h 127.0.0.1 -U postgres -d postgres -qc "CREATE DATABASE ${db}"
try_image postgres -e "DATABASE_URL=postgres://postgres@127.0.0.1:5432/${db}" -e WORKERS=2
echo "container smoke: ok"
