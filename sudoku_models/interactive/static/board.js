// The Sudoku board: one grid component for the notebook widget and the local web page.
//
// It draws a state (see sudoku_models/interactive/state.py) and turns what the player does into
// actions, {type: "set", cell: 3, digit: 5}; a host answers each action with the change to the
// state. Two hosts: httpHost posts to the page server's /api, widgetHost sends a message to the
// Python widget. Plain ES module, no build step. Cells are numbered in reading order; digits
// 1..n are written with the symbols 1-9 then A-Z.

const MOVES = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};
const CLEAR_KEYS = new Set(["Backspace", "Delete", "0", ".", " "]);
const SYMMETRIES = ["none", "rot180", "rot90", "mirror", "flip", "diagonal", "antidiagonal", "dihedral"];
const LEVELS = ["", "Simple", "Easy", "Intermediate", "Expert", "Medium", "Hard", "Unfair", "Extreme"];
let boards = 0; // boards drawn on this page, for unique element ids
const SHAPES = [[2, 2], [2, 3], [2, 4], [3, 3], [3, 4], [4, 4], [4, 5], [5, 5]];
// Actions that only read the position may be cancelled and take a while.
const SLOW = new Set(["check", "solve", "count", "true_candidates", "generate", "hint", "steps", "step", "apply"]);

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "on") {
      for (const [event, fn] of Object.entries(value)) node.addEventListener(event, fn);
    } else if (key === "class") {
      node.className = value;
    } else if (value !== false && value !== null && value !== undefined) {
      node.setAttribute(key, value === true ? "" : value);
    }
  }
  for (const child of children) node.append(child);
  return node;
}

function side(state) {
  return state.box[0] * state.box[1];
}

// The text that gives the puzzle back: the givens in one line, or a link for variant rules.
export function puzzleLine(state) {
  return state.puzzle_text || state.givens.map((d) => (d ? state.symbols[d - 1] : ".")).join("");
}

function cellName(state, i) {
  const n = side(state);
  return `r${Math.floor(i / n) + 1}c${(i % n) + 1}`;
}

// A host that posts each action with the whole state to the page server's JSON endpoint.
export function httpHost(initial, url = "api") {
  let state = initial;
  const listeners = [];
  return {
    get state() {
      return state;
    },
    onChange(fn) {
      listeners.push(fn);
    },
    async act(action, signal) {
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ state, action }),
        signal,
      });
      const body = await response.json().catch(() => ({ error: `server answered ${response.status}` }));
      if (!response.ok) throw new Error(body.error || `server answered ${response.status}`);
      state = { ...state, ...body };
      listeners.forEach((fn) => fn(state));
    },
  };
}

// A host that asks the Python widget: the answer arrives as a change of the synced state.
export function widgetHost(model) {
  const listeners = [];
  const waiting = new Map();
  let next = 0;
  const onState = () => listeners.forEach((fn) => fn(model.get("state")));
  const onMessage = (msg) => {
    if (msg && msg.kind === "done" && waiting.has(msg.id)) {
      waiting.get(msg.id)();
      waiting.delete(msg.id);
    }
  };
  model.on("change:state", onState);
  model.on("msg:custom", onMessage);
  return {
    get state() {
      return model.get("state");
    },
    onChange(fn) {
      listeners.push(fn);
    },
    act(action, signal) {
      const id = ++next;
      return new Promise((resolve, reject) => {
        waiting.set(id, resolve);
        signal?.addEventListener("abort", () => {
          waiting.delete(id);
          reject(new DOMException("cancelled", "AbortError"));
        });
        model.send({ kind: "action", id, action });
      });
    },
    close() {
      model.off("change:state", onState);
      model.off("msg:custom", onMessage);
    },
  };
}

// Draw the board for `host` into `el`; returns a function that removes it. Options: `links`
// adds a "Copy link" button; `load`, a puzzle text the board loads once drawn.
export function mountBoard(el, host, options = {}) {
  let selected = 0;
  let marksChoice = null; // the player's choice; until then marks show on classic puzzles only
  let busy = null; // {controller, type} while an action is out
  let localMessage = null;

  const helpId = `sm-help-${++boards}`;
  const help = h(
    "p",
    { class: "sm-help", id: helpId },
    "Keys: arrows move; 1-9 (then A-Z on big boards) write a digit; Backspace or Delete clears; " +
      "Shift with a digit strikes that pencil mark out or back in; Ctrl+V on the grid loads a " +
      "puzzle string, Ctrl+C copies it.",
  );
  const grid = h("div", { class: "sm-grid", role: "grid", tabindex: "-1", "aria-describedby": helpId });
  // The rules are drawn twice: their lines and shapes under the grid, so digits and pencil
  // marks stay on top, and their numbers (cage totals, clues) over it, clear of the marks.
  const layer = (name) => {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("class", name);
    svg.setAttribute("aria-hidden", "true");
    return svg;
  };
  const overlay = layer("sm-overlay");
  const labels = layer("sm-labels");
  const frame = h("div", { class: "sm-frame" }, grid, overlay, labels);
  const about = h("section", { class: "sm-about", "aria-label": "About this puzzle", hidden: true });
  const message = h("div", { class: "sm-message", role: "status", "aria-live": "polite", "aria-atomic": "true" });
  const busyNote = h("span", { class: "sm-busy-text" });
  const cancel = h("button", { type: "button", class: "sm-cancel", on: { click: () => busy?.controller.abort() } }, "Cancel");
  const busyBar = h("div", { class: "sm-busy", hidden: true, role: "status", "aria-live": "polite" }, busyNote, cancel);
  const stats = h("dl", { class: "sm-stats", "aria-label": "Solver statistics" });
  const stepsList = h("ol", { class: "sm-steps", "aria-label": "Solving steps" });

  const backend = h("select", { "aria-label": "Backend" });
  const marks = h("input", { type: "checkbox", on: { change: () => { marksChoice = marks.checked; draw(); } } });
  const modeEdit = h("input", { type: "checkbox", on: { change: () => send({ type: "mode", mode: modeEdit.checked ? "edit" : "play" }) } });
  const pasteBox = h("textarea", { class: "sm-paste", rows: "2", "aria-label": "Puzzle string or link to load", placeholder: "paste a puzzle string or link" });
  const seed = h("input", { type: "number", class: "sm-seed", "aria-label": "Seed", placeholder: "seed" });
  const symmetry = h("select", { "aria-label": "Symmetry" }, ...SYMMETRIES.map((s) => h("option", { value: s }, s)));
  const level = h("select", { "aria-label": "Difficulty" }, ...LEVELS.map((s) => h("option", { value: s }, s || "any difficulty")));
  const shape = h("select", { "aria-label": "Board size" }, ...SHAPES.map(([r, c]) => h("option", { value: `${r}x${c}` }, `${r * c}x${r * c} (${r}x${c} boxes)`)));

  const button = (label, onClick, title) => h("button", { type: "button", title: title || label, on: { click: onClick } }, label);
  const buttons = {
    check: button("Check", () => send({ type: "check", backend: backend.value }), "Givens entered: check the puzzle has one solution"),
    solve: button("Solve", () => send({ type: "solve", backend: backend.value }), "Solve with the chosen backend"),
    count: button("Count", () => send({ type: "count", backend: backend.value, limit: 1000 }), "Count solutions (up to 1000)"),
    truec: button("True candidates", () => send({ type: "true_candidates" }), "Digits that appear in some solution"),
    hint: button("Hint", () => send({ type: "hint" }), "First the technique, then (again) where"),
    apply: button("Apply", () => send({ type: "apply" }), "Make the hinted step"),
    step: button("Step", () => send({ type: "step" }), "Find and make the next step"),
    steps: button("Steps", () => send({ type: "steps" }), "List every step to the end"),
    undo: button("Undo", () => send({ type: "undo" })),
    redo: button("Redo", () => send({ type: "redo" })),
    load: button("Load", () => loadText(pasteBox.value), "Load the pasted puzzle"),
    copy: button("Copy", () => copyText(puzzleLine(host.state)), "Copy the puzzle string"),
    link: button("Copy link", () => copyText(linkOf(host.state)), "Copy a link that opens this puzzle"),
    generate: button("Generate", () => generate(), "Generate a puzzle of the chosen size"),
    clear: button("New empty", () => { const [r, c] = shape.value.split("x").map(Number); send({ type: "new", rows: r, cols: c }); }, "An empty board to type givens into"),
  };

  const toolbar = h(
    "div",
    { class: "sm-tools" },
    h("div", { class: "sm-row", role: "toolbar", "aria-label": "Puzzle" },
      h("label", {}, modeEdit, " Edit givens"), buttons.check, backend, buttons.solve, buttons.count, buttons.truec),
    h("div", { class: "sm-row", role: "toolbar", "aria-label": "Steps" },
      buttons.hint, buttons.apply, buttons.step, buttons.steps, buttons.undo, buttons.redo,
      h("label", {}, marks, " Pencil marks")),
    h("div", { class: "sm-row", role: "toolbar", "aria-label": "Load and generate" },
      pasteBox, buttons.load, buttons.copy, options.links ? buttons.link : "",),
    h("div", { class: "sm-row", role: "toolbar", "aria-label": "New puzzle" },
      shape, seed, symmetry, level, buttons.generate, buttons.clear),
  );
  const root = h("div", { class: "sm-board" }, h("div", { class: "sm-main" }, frame, h("div", { class: "sm-side" }, about, toolbar, busyBar, message, stats, stepsList, help)));
  el.append(root);

  function linkOf(state) {
    return `${location.origin}${location.pathname}?puzzle=${encodeURIComponent(puzzleLine(state))}`;
  }

  async function copyText(text) {
    pasteBox.value = text;
    try {
      await navigator.clipboard.writeText(text);
      say("copied to the clipboard", "info");
    } catch {
      pasteBox.select();
      say("copied into the text box (the clipboard is not available here)", "info");
    }
  }

  function loadText(text) {
    send({ type: "load", text });
  }

  function generate() {
    const [r, c] = shape.value.split("x").map(Number);
    const action = { type: "generate", rows: r, cols: c, symmetry: symmetry.value, difficulty: level.value || null, seed: null };
    if (seed.value !== "") {
      const value = Number(seed.value);
      if (!Number.isInteger(value)) return say(`the seed must be a whole number, got ${seed.value}`, "error");
      action.seed = value;
    }
    send(action);
  }

  function say(text, kind) {
    localMessage = { text, kind };
    drawMessage();
  }

  async function send(action) {
    if (busy) {
      say(`busy with ${busy.type}: wait or press Cancel`, "error");
      return;
    }
    const controller = new AbortController();
    busy = { controller, type: action.type };
    root.classList.add("sm-busy-now");
    const timer = setTimeout(() => {
      if (busy && busy.controller === controller) {
        busyNote.textContent = `Working on ${action.type}… `;
        busyBar.hidden = false;
      }
    }, SLOW.has(action.type) ? 150 : 600);
    localMessage = null;
    try {
      await host.act(action, controller.signal);
    } catch (error) {
      if (error.name === "AbortError") say(`${action.type} cancelled; the board is unchanged (the search itself stops at its time limit)`, "error");
      else say(`could not ${action.type}: ${error.message}`, "error");
    } finally {
      clearTimeout(timer);
      busy = null;
      busyBar.hidden = true;
      draw();
    }
  }

  function onKey(event) {
    const state = host.state;
    const n = side(state);
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (MOVES[event.key]) {
      const [dr, dc] = MOVES[event.key];
      const r = (Math.floor(selected / n) + dr + n) % n;
      const c = ((selected % n) + dc + n) % n;
      select(r * n + c, true);
      event.preventDefault();
      return;
    }
    if (CLEAR_KEYS.has(event.key)) {
      send({ type: "set", cell: selected, digit: 0 });
      event.preventDefault();
      return;
    }
    // Shift + a digit strikes that pencil mark out (or back in); the key's code, not its
    // character, says which digit, since Shift+5 types "%".
    const code = event.code || "";
    const typed = event.shiftKey && /^(Digit|Numpad|Key)\w$/.test(code) ? code.slice(-1) : event.key;
    const d = state.symbols.indexOf(typed.toUpperCase()) + 1;
    if (d > 0 && typed.length === 1) {
      send({ type: event.shiftKey ? "mark" : "set", cell: selected, digit: d });
      event.preventDefault();
    }
  }

  function onPaste(event) {
    const text = event.clipboardData?.getData("text");
    if (text) {
      event.preventDefault();
      pasteBox.value = text;
      loadText(text);
    }
  }

  function onCopy(event) {
    event.clipboardData?.setData("text/plain", puzzleLine(host.state));
    event.preventDefault();
    say("puzzle string copied", "info");
  }

  function select(i, focus) {
    selected = i;
    for (const cell of grid.querySelectorAll("[role=gridcell]")) {
      const mine = Number(cell.dataset.cell) === i;
      cell.tabIndex = mine ? 0 : -1;
      cell.setAttribute("aria-selected", mine ? "true" : "false");
      if (mine && focus) cell.focus();
    }
  }

  grid.addEventListener("keydown", onKey);
  grid.addEventListener("paste", onPaste);
  grid.addEventListener("copy", onCopy);
  grid.addEventListener("click", (event) => {
    const cell = event.target.closest("[role=gridcell]");
    if (cell) select(Number(cell.dataset.cell), true);
  });

  function drawMessage() {
    const m = localMessage || host.state.message || { text: "", kind: "info" };
    message.textContent = m.text;
    message.className = `sm-message sm-${m.kind}`;
  }

  function pairSet(pairs) {
    return new Set((pairs || []).map(([i, d]) => `${i}:${d}`));
  }

  function drawGrid(state) {
    const n = side(state);
    const [br, bc] = state.box;
    const light = state.highlight || {};
    const cellsLit = new Set(light.cells || []);
    const diff = new Set(light.diff || []);
    const candLit = pairSet(light.candidates);
    const elim = pairSet(light.eliminations);
    const place = pairSet(light.placements);
    const placed = new Set((light.placements || []).map(([i]) => i));
    const marksOf = state.true_candidates || state.candidates;
    // Pencil marks cover the drawing of variant rules, so they start hidden there; asked-for
    // marks (true candidates, a hint's pattern) show either way.
    const showMarks = marksShown(state) || Boolean(state.true_candidates) || candLit.size > 0 || elim.size > 0;
    const hadFocus = grid.contains(document.activeElement);
    grid.style.setProperty("--n", n);
    grid.dataset.size = n;
    grid.setAttribute("aria-label", `Sudoku grid, ${n} by ${n}, boxes of ${br} by ${bc}`);
    grid.setAttribute("aria-rowcount", n);
    grid.setAttribute("aria-colcount", n);
    // One HTML string for the whole grid: far faster than a node per pencil mark on 25x25.
    const sym = state.symbols;
    const flow = n > 16;
    const parts = [];
    for (let r = 0; r < n; r++) {
      parts.push(`<div role="row" class="sm-gridrow" aria-rowindex="${r + 1}">`);
      for (let c = 0; c < n; c++) {
        const i = r * n + c;
        const given = state.givens[i];
        const value = given || state.values[i];
        const solved = !value && state.solution && state.solution.length ? state.solution[i] : 0;
        const classes = ["sm-cell"];
        const boxes = state.boxes !== false; // irregular regions draw their own borders
        if (c === 0 || (boxes && c % bc === 0)) classes.push("sm-left");
        if (r === 0 || (boxes && r % br === 0)) classes.push("sm-top");
        if (c === n - 1) classes.push("sm-right");
        if (r === n - 1) classes.push("sm-bottom");
        if (given) classes.push("sm-given");
        else if (value) classes.push("sm-entered");
        if (cellsLit.has(i)) classes.push("sm-lit");
        if (placed.has(i)) classes.push("sm-placed");
        if (diff.has(i)) classes.push("sm-diff");
        let label = cellName(state, i);
        let inner = "";
        if (value) {
          inner = sym[value - 1];
          label += `, ${given ? "given" : "entered"} ${sym[value - 1]}`;
        } else if (solved) {
          classes.push("sm-solution");
          inner = sym[solved - 1];
          label += `, solution ${sym[solved - 1]}`;
        } else {
          const digits = marksOf[i] || [];
          label += ", empty";
          if (showMarks) {
            const have = new Set(digits);
            const marks = [];
            for (let d = 1; d <= n; d++) {
              const key = `${i}:${d}`;
              if (!have.has(d) && !elim.has(key)) {
                if (!flow) marks.push("<span></span>");
                continue;
              }
              let cls = "sm-mark";
              if (state.true_candidates) cls += " sm-true";
              if (candLit.has(key)) cls += " sm-mark-lit";
              if (elim.has(key)) cls += " sm-mark-elim";
              if (place.has(key)) cls += " sm-mark-place";
              // On big boards a plain mark is text, not a node: thousands of nodes are slow.
              marks.push(flow && cls === "sm-mark" ? sym[d - 1] : `<span class="${cls}">${sym[d - 1]}</span>`);
            }
            const kind = flow ? "sm-marks sm-flow" : "sm-marks";
            inner = `<div class="${kind}" style="--bc:${bc}">${marks.join(flow ? " " : "")}</div>`;
            if (digits.length) label += `, candidates ${digits.map((d) => sym[d - 1]).join(" ")}`;
          }
        }
        if (diff.has(i)) label += ", differs between two solutions";
        if (cellsLit.has(i)) label += ", part of the hint";
        const mine = i === selected;
        const readonly = given && state.mode === "play" ? ' aria-readonly="true"' : "";
        parts.push(
          `<div role="gridcell" class="${classes.join(" ")}" data-cell="${i}" aria-colindex="${c + 1}" ` +
            `tabindex="${mine ? 0 : -1}" aria-selected="${mine}"${readonly} aria-label="${label}">${inner}</div>`,
        );
      }
      parts.push("</div>");
    }
    grid.innerHTML = parts.join("");
    // Clues beside the grid: a margin of one cell all round, and a drawing one cell wider.
    const margin = state.outside ? grid.querySelector("[role=gridcell]").offsetWidth : 0;
    frame.style.padding = margin ? `${margin}px` : "";
    for (const svg of [overlay, labels]) {
      svg.setAttribute("viewBox", margin ? `-1 -1 ${n + 2} ${n + 2}` : `0 0 ${n} ${n}`);
      svg.innerHTML = state.overlay || "";
    }
    if (showMarks) makeRoom(n);
    if (selected >= n * n) selected = 0;
    if (hadFocus) grid.querySelector(`[data-cell="${selected}"]`)?.focus();
  }

  function marksShown(state) {
    return marksChoice ?? !state.overlay;
  }

  // Cells with a rule's number in them (a cage total) keep their marks clear of it.
  function makeRoom(n) {
    const texts = labels.querySelectorAll("text");
    if (!texts.length) return;
    const box = grid.getBoundingClientRect();
    const size = box.width / n;
    for (const text of texts) {
      const r = text.getBoundingClientRect();
      if (!r.width) continue;
      const [top, bottom] = [Math.floor((r.top - box.top) / size), Math.floor((r.bottom - box.top - 1) / size)];
      const [left, right] = [Math.floor((r.left - box.left) / size), Math.floor((r.right - box.left - 1) / size)];
      for (let row = Math.max(top, 0); row <= Math.min(bottom, n - 1); row++) {
        for (let col = Math.max(left, 0); col <= Math.min(right, n - 1); col++) {
          const middle = box.top + (row + 0.5) * size;
          const where = (r.top + r.bottom) / 2 < middle ? "sm-label-top" : "sm-label-bottom";
          grid.querySelector(`[data-cell="${row * n + col}"]`)?.classList.add(where);
        }
      }
    }
  }

  function drawAbout(state) {
    const info = state.about || {};
    about.replaceChildren(
      ...(info.title ? [h("h2", { class: "sm-title" }, info.title)] : []),
      ...(info.author ? [h("p", { class: "sm-author" }, `by ${info.author}`)] : []),
      ...(info.ruleset ? [h("p", { class: "sm-rules" }, info.ruleset)] : []),
      ...(state.warnings && state.warnings.length
        ? [h("ul", { class: "sm-warnings", "aria-label": "Reader warnings" },
          ...state.warnings.map((w) => h("li", {}, w)))]
        : []),
    );
    about.hidden = !about.childElementCount;
  }

  function drawSide(state) {
    drawAbout(state);
    marks.checked = marksShown(state);
    const names = state.backends || [];
    if (backend.options.length !== names.length) {
      const keep = backend.value;
      backend.replaceChildren(...names.map((name) => h("option", { value: name }, name)));
      if (names.includes(keep)) backend.value = keep;
    }
    modeEdit.checked = state.mode === "edit";
    buttons.undo.disabled = !state.can_undo;
    buttons.redo.disabled = !state.can_redo;
    const shapeValue = `${state.box[0]}x${state.box[1]}`;
    if (!shape.querySelector(`option[value="${shapeValue}"]`)) shape.append(h("option", { value: shapeValue }, `${side(state)}x${side(state)} (${shapeValue} boxes)`));
    stats.replaceChildren();
    for (const [key, value] of Object.entries(state.stats || {})) {
      const shown = typeof value === "number" && !Number.isInteger(value) ? value.toFixed(4) : String(value);
      stats.append(h("dt", {}, key), h("dd", {}, shown));
    }
    stepsList.replaceChildren(
      ...(state.steps || []).map((step, k) =>
        h("li", {}, h("button", { type: "button", class: k === state.step_index ? "sm-step sm-current" : "sm-step", "aria-current": k === state.step_index ? "step" : false, on: { click: () => send({ type: "goto", index: k }) } }, step.text)),
      ),
    );
  }

  function draw() {
    const state = host.state;
    root.classList.toggle("sm-ruled", Boolean(state.overlay));
    drawGrid(state);
    drawSide(state);
    drawMessage();
    root.classList.toggle("sm-busy-now", Boolean(busy));
  }

  host.onChange(() => {
    if (!busy) localMessage = null;
    draw();
  });
  shape.value = `${host.state.box[0]}x${host.state.box[1]}`;
  draw();
  if (options.load != null) loadText(options.load);
  return () => {
    host.close?.();
    root.remove();
  };
}

// anywidget's entry point: the notebook widget.
export default {
  render({ model, el }) {
    return mountBoard(el, widgetHost(model));
  },
};
