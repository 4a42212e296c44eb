// The playground page: reads the form, sends each call to the worker
// (worker.js, which runs sudokit's WebAssembly module), and draws the
// replies. One call runs at a time; Stop ends the worker and starts a
// fresh one, so the page answers at once whatever the call was doing.
// A classic script, and the worker made from the text of
// pkg/sudokit_bundle.js: the page works from file:// as from a server.

const $ = (id) => document.getElementById(id);
const pending = new Map();
let worker = null;
let nextId = 1;
let busy = null; // { call, started, timer } while a call other than parse runs
let view = null; // the puzzle as last parsed
let walk = null; // the explained steps shown by the slider

const workerUrl = self.SUDOKIT_WORKER_SOURCE
  ? URL.createObjectURL(new Blob([self.SUDOKIT_WORKER_SOURCE], { type: "text/javascript" }))
  : null;

function startWorker() {
  if (!workerUrl) {
    setStatus("the page is not built: run bash web/build.sh");
    return;
  }
  worker = new Worker(workerUrl);
  worker.onmessage = (event) => {
    const data = event.data;
    if ("ready" in data) {
      if (data.ready) {
        document.body.dataset.ready = "true";
        setStatus(`ready (sudokit ${data.version})`);
        $("run").disabled = false;
        parseNow();
      } else {
        setStatus(data.error);
      }
      return;
    }
    const call = pending.get(data.id);
    if (!call) return;
    pending.delete(data.id);
    if (data.ok) call.resolve(data);
    else call.reject(new Error(data.error));
  };
  worker.onerror = (event) => setStatus(`the worker failed: ${event.message}`);
}

function send(call, text, options, measured) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, call, text, options, measured });
  });
}

// For scripts driving the page (web/measure.py): one call to the worker.
self.sudokitCall = send;

function setStatus(text) {
  $("status").textContent = text;
}

function setMessage(text) {
  $("message").textContent = text;
}

/// The puzzle's text with the rules box joined to its rules.
function puzzleText() {
  const text = $("puzzle").value.trim();
  const rules = $("rules").value.trim();
  if (!rules) return text;
  return text.includes(";") ? `${text},${rules}` : `${text};${rules}`;
}

function options() {
  const seconds = Number($("time-limit").value);
  return {
    timeLimitMs: Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : 0,
    side: Number($("gen-side").value),
    rules: $("gen-rules").value.trim(),
    symmetry: $("gen-symmetry").value,
    rating: $("gen-rating").value.trim(),
    seed: Math.max(0, Math.floor(Number($("gen-seed").value) || 0)),
  };
}

let parseTimer = null;
function parseSoon() {
  clearTimeout(parseTimer);
  parseTimer = setTimeout(parseNow, 200);
}

async function parseNow() {
  const text = puzzleText();
  if (!text) {
    view = null;
    $("board").replaceChildren();
    setMessage("");
    return;
  }
  try {
    const { result } = await send("parse", text);
    if (text !== puzzleText()) return; // typed on since
    view = result;
    setMessage("");
    drawBoard(view.cells);
  } catch (error) {
    if (text !== puzzleText()) return;
    view = null;
    $("board").replaceChildren();
    setMessage(error.message);
  }
}

/// The grid: regions by thick borders, cages by dashed outlines with
/// their sums, added houses shaded; `cells` the digits to show (the
/// givens in bold), `candidates` small digits for empty cells.
function drawBoard(cells, candidates = null) {
  const board = $("board");
  board.replaceChildren();
  if (!view) return;
  const side = view.side;
  board.style.setProperty("--side", side);
  // Each cell's cages; a cage that overlaps earlier ones is drawn inset
  // by how many of them meet it, the same in every cell it has.
  const cagesOf = new Map();
  const depth = view.cages.map((cage, k) => {
    const below = Math.max(...cage.cells.map((cell) => (cagesOf.get(cell) ?? []).length));
    cage.cells.forEach((cell) => cagesOf.set(cell, [...(cagesOf.get(cell) ?? []), k]));
    return Math.min(below, 2);
  });
  const shaded = new Set(view.extraHouses.flat());
  const marks = candidates ?? view.marks;
  board.dataset.line = cells.map((v) => (v ? String(v) : ".")).join("");
  for (let i = 0; i < side * side; i++) {
    const row = Math.floor(i / side);
    const col = i % side;
    const div = document.createElement("div");
    div.className = "cell";
    if (col + 1 < side && view.regions[i] !== view.regions[i + 1]) div.classList.add("edge-right");
    if (row + 1 < side && view.regions[i] !== view.regions[i + side]) div.classList.add("edge-bottom");
    if (shaded.has(i)) div.classList.add("shaded");
    for (const k of cagesOf.get(i) ?? []) {
      const cage = document.createElement("span");
      cage.className = "cage";
      cage.style.setProperty("--depth", depth[k]);
      const same = (j) => (cagesOf.get(j) ?? []).includes(k);
      if (row === 0 || !same(i - side)) cage.classList.add("top");
      if (row + 1 === side || !same(i + side)) cage.classList.add("bottom");
      if (col === 0 || !same(i - 1)) cage.classList.add("left");
      if (col + 1 === side || !same(i + 1)) cage.classList.add("right");
      div.append(cage);
      const first = Math.min(...view.cages[k].cells);
      if (first === i && view.cages[k].sum != null) {
        const sum = document.createElement("span");
        sum.className = "sum";
        sum.style.setProperty("--depth", depth[k]);
        sum.textContent = view.cages[k].sum;
        div.append(sum);
      }
    }
    for (const clue of view.edgeClues.filter((c) => c.cells[0] === i)) {
      const mark = document.createElement("span");
      const across = clue.cells[1] === i + 1;
      mark.className = `edge ${clue.kind} ${across ? "across" : "down"}`;
      if (clue.kind === "x" || clue.kind === "v") mark.textContent = clue.kind.toUpperCase();
      div.append(mark);
    }
    if (cells[i]) {
      const digit = document.createElement("span");
      digit.className = view.cells[i] ? "digit given" : "digit";
      digit.textContent = String(cells[i]);
      div.append(digit);
    } else if (marks && marks[i]) {
      const small = document.createElement("span");
      small.className = "marks";
      small.style.setProperty("--box", Math.ceil(Math.sqrt(side)));
      for (let d = 1; d <= side; d++) {
        const mark = document.createElement("span");
        mark.textContent = marks[i].includes(d) ? String(d) : "";
        small.append(mark);
      }
      div.append(small);
    }
    board.append(div);
  }
  $("rules-line").textContent = view.rules ? `Rules: ${view.rules}` : "Standard rules";
}

function show(text, data = {}) {
  const result = $("result");
  result.textContent = text;
  for (const key of Object.keys(result.dataset)) delete result.dataset[key];
  Object.assign(result.dataset, data);
}

async function run() {
  const action = $("action").value;
  const text = puzzleText();
  setMessage("");
  $("walk").hidden = true;
  if (action !== "generate" && !text) {
    setMessage("paste a puzzle first");
    return;
  }
  begin(action);
  try {
    const { result, ms } = await send(action, text, options());
    const took = `${(ms / 1000).toFixed(ms < 1000 ? 3 : 1)} s`;
    present(action, result, took);
    setStatus(`done in ${took}`);
  } catch (error) {
    if (error.message !== "stopped") {
      setMessage(error.message);
      setStatus("failed");
    }
  } finally {
    end();
  }
}

const working = {
  solve: "solving",
  count: "counting",
  trueCandidates: "finding the true candidates",
  explain: "explaining",
  hint: "looking for a step",
  rate: "rating",
  generate: "generating",
};

function begin(action) {
  const started = performance.now();
  const tick = () => setStatus(`${working[action]}… ${((performance.now() - started) / 1000).toFixed(1)} s`);
  tick();
  busy = { started, timer: setInterval(tick, 100) };
  document.body.dataset.busy = "true";
  $("run").disabled = true;
  $("stop").disabled = false;
}

function end() {
  if (busy) clearInterval(busy.timer);
  busy = null;
  delete document.body.dataset.busy;
  $("run").disabled = false;
  $("stop").disabled = true;
}

function stop() {
  if (!busy) return;
  const seconds = ((performance.now() - busy.started) / 1000).toFixed(1);
  worker.terminate();
  for (const call of pending.values()) call.reject(new Error("stopped"));
  pending.clear();
  end();
  $("run").disabled = true; // until the new worker is ready
  setStatus(`stopped after ${seconds} s`);
  document.body.dataset.ready = "false";
  startWorker();
}

function present(action, result, took) {
  switch (action) {
    case "solve":
      drawBoard(result.cells);
      show(`Solved by ${result.solver} in ${took} (${result.nodes} nodes).`, { line: result.line });
      break;
    case "count": {
      const words = { none: "No solution.", unique: "Exactly one solution.", several: `At least ${result.count} solutions.` };
      show(words[result.verdict], { count: result.count, verdict: result.verdict });
      break;
    }
    case "trueCandidates":
      drawBoard(view.cells, result.candidates);
      show("Each empty cell shows the digits that some solution puts there.", {
        candidates: result.candidates.map((c) => c.join("")).join(" "),
      });
      break;
    case "explain":
      showWalk(result.steps);
      show(`${result.steps.length} steps: ${result.verdict}.`, {
        steps: result.steps.length,
        outcome: result.outcome,
      });
      break;
    case "hint":
      if (result) {
        showWalk([result]);
        show("The next step:", { steps: 1 });
      } else {
        show("The puzzle is solved: no step left.", { steps: 0 });
      }
      break;
    case "rate": {
      const hardest = result.hardest ? `, hardest step: ${result.hardest}` : "";
      show(`ER ${result.er} · EP ${result.ep} · ED ${result.ed} (${result.level})${hardest}.`, {
        er: result.er,
        ep: result.ep,
        ed: result.ed,
        level: result.level,
      });
      break;
    }
    case "generate":
      $("puzzle").value = result.puzzle.line;
      $("rules").value = "";
      view = result.puzzle;
      drawBoard(view.cells);
      show(`Generated from seed ${result.seed}${result.rating ? `, ER ${result.rating}` : ""}.`, {
        line: result.puzzle.line,
      });
      break;
  }
}

function showWalk(steps) {
  walk = steps;
  const slider = $("step-slider");
  slider.max = steps.length;
  slider.value = 1;
  $("walk").hidden = steps.length === 0;
  showStep(1);
}

function showStep(number) {
  if (!walk || walk.length === 0) return;
  const n = Math.min(Math.max(1, number), walk.length);
  const step = walk[n - 1];
  $("step-slider").value = n;
  $("step-number").textContent = `step ${n} of ${walk.length}`;
  const score = step.score ? `[${step.score}] ` : "";
  const chains = step.chains.length ? `\n${step.chains.join("\n")}` : "";
  $("step-text").textContent = `${score}${step.text}${chains}`;
  // The SVG is the library's own drawing of the step, not user text.
  $("step-picture").innerHTML = step.svg ?? "";
  if (step.cells.length) drawBoard(step.cells);
}

$("puzzle").addEventListener("input", parseSoon);
$("rules").addEventListener("input", parseSoon);
$("run").addEventListener("click", run);
$("stop").addEventListener("click", stop);
$("step-slider").addEventListener("input", (e) => showStep(Number(e.target.value)));
$("step-back").addEventListener("click", () => showStep(Number($("step-slider").value) - 1));
$("step-next").addEventListener("click", () => showStep(Number($("step-slider").value) + 1));
$("action").addEventListener("change", () => {
  $("generate-options").hidden = $("action").value !== "generate";
});
$("generate-options").hidden = true;
startWorker();
