// The page's worker: runs sudokit's WebAssembly module, one call per
// message, so that long work never freezes the page. web/build.sh puts
// this file in pkg/sudokit_bundle.js after wasm-bindgen's glue (the
// global `wasm_bindgen`) and the module's bytes (`WASM_BASE64`); the
// page starts it from that text. The page stops a call by ending this
// worker and starting another.

const withText = new Set(["parse", "solve", "count", "trueCandidates", "explain", "hint", "rate"]);
const bytes = Uint8Array.from(atob(WASM_BASE64), (c) => c.charCodeAt(0));
const sudokit = wasm_bindgen;
const ready = wasm_bindgen({ module_or_path: bytes });

ready.then(
  () => self.postMessage({ ready: true, version: sudokit.version() }),
  (error) => self.postMessage({ ready: false, error: `the WebAssembly module did not load: ${error}` }),
);

self.onmessage = async (event) => {
  const { id, call, text, options, measured } = event.data;
  try {
    await ready;
    const started = performance.now();
    let result;
    if (call === "generate") {
      result = sudokit.generate(options);
    } else if (call === "measure") {
      result = sudokit.measure(measured, text, options);
    } else if (withText.has(call)) {
      result = sudokit[call](text, options);
    } else {
      throw new Error(`unknown call ${call}`);
    }
    self.postMessage({ id, ok: true, result, ms: performance.now() - started });
  } catch (error) {
    self.postMessage({ id, ok: false, error: String(error?.message ?? error) });
  }
};
