#!/usr/bin/env bash
# Builds the playground: sudokit-wasm compiled to WebAssembly, and its
# JavaScript glue, into web/pkg/. Installs what it lacks: the
# wasm32-unknown-unknown target (rustup) and wasm-bindgen's CLI at the
# version Cargo.lock holds (cargo install, into target/tools/). Optimises
# with wasm-opt when binaryen is installed. Then serve the folder:
#   python3 -m http.server -d web 8000
# `--tools` installs what the build needs and stops there.
set -euo pipefail
cd "$(dirname "$0")/.."
tools_only=false
case "${1:-}" in
  --tools) tools_only=true ;;
  "") ;;
  *)
    echo "usage: bash web/build.sh [--tools]" >&2
    exit 2
    ;;
esac

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi

# The CLI must be the version of the wasm-bindgen crate the module links.
version=$(awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
if [ -z "$version" ]; then
  echo "no wasm-bindgen in Cargo.lock" >&2
  exit 1
fi
bindgen=target/tools/bin/wasm-bindgen
if ! { [ -x "$bindgen" ] && "$bindgen" --version | grep -qF " $version"; }; then
  echo "installing wasm-bindgen-cli $version into target/tools (a few minutes, once)" >&2
  # The CLI's work is small: built unoptimised, it installs in half the
  # time and writes the same files.
  CARGO_PROFILE_RELEASE_OPT_LEVEL=0 CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=256 \
    CARGO_PROFILE_RELEASE_DEBUG=false CARGO_TARGET_DIR=target/tools/build \
    cargo install --quiet wasm-bindgen-cli --version "$version" --no-default-features --root target/tools
fi

if $tools_only; then
  exit 0
fi

cargo build -p sudokit-wasm --release --target wasm32-unknown-unknown --locked
module=target/wasm32-unknown-unknown/release/sudokit_wasm.wasm
# wasm-opt runs on rustc's module, before wasm-bindgen rewrites its
# tables: older binaryen releases (Debian 12 has 108) break the rewritten one.
if command -v wasm-opt >/dev/null; then
  wasm-opt -O3 --all-features "$module" -o target/sudokit_wasm.opt.wasm
  module=target/sudokit_wasm.opt.wasm
  echo "optimised with $(wasm-opt --version)"
else
  echo "wasm-opt not found (Debian's binaryen package): the module is as rustc made it"
fi
rm -rf web/pkg target/wasm-no-modules
# The ES module for scripts of one's own (the crate's documented API)...
"$bindgen" --target web --no-typescript --out-name sudokit_wasm --out-dir web/pkg "$module"
# ...and the page's worker as one classic script, wasm-bindgen's global
# glue and the module's bytes inlined before web/worker.js: browsers load
# neither a module worker nor a .wasm file from file://, but they run a
# classic script from there, and a worker made from its text.
"$bindgen" --target no-modules --no-typescript --out-name sudokit_wasm --out-dir target/wasm-no-modules "$module"
python3 - <<'PY'
import base64
import json

glue = open("target/wasm-no-modules/sudokit_wasm.js").read()
module = base64.b64encode(open("target/wasm-no-modules/sudokit_wasm_bg.wasm", "rb").read()).decode()
worker = open("web/worker.js").read()
source = f"{glue}\nconst WASM_BASE64 = \"{module}\";\n{worker}"
with open("web/pkg/sudokit_bundle.js", "w") as out:
    out.write("// Written by web/build.sh: the page's worker, with sudokit's WebAssembly module inlined.\n")
    out.write(f"self.SUDOKIT_WORKER_SOURCE = {json.dumps(source)};\n")
PY
echo "web/pkg/sudokit_wasm_bg.wasm: $(wc -c < web/pkg/sudokit_wasm_bg.wasm) bytes"
echo "web/pkg/sudokit_bundle.js: $(wc -c < web/pkg/sudokit_bundle.js) bytes (the page's worker, the module inlined)"
