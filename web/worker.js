// The page's worker: loads sudokit's WebAssembly module once, then runs
// one call per message, so that long work never freezes the page. The
// page stops a call by ending this worker and starting another.
import init, * as sudokit from "./pkg/sudokit_wasm.js";

const ready = init();
const withText = new Set(["parse", "solve", "count", "trueCandidates", "explain", "hint", "rate"]);

ready.then(
  () => self.postMessage({ ready: true, version: sudokit.version() }),
  (error) => self.postMessage({ ready: false, error: `the WebAssembly module did not load: ${error}` }),
);

self.onmessage = async (event) => {
  const { id, call, text, options } = event.data;
  try {
    await ready;
    const started = performance.now();
    let result;
    if (call === "generate") {
      result = sudokit.generate(options);
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
