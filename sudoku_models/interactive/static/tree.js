// Search trees on a canvas: laid out once, failed subtrees collapsed, zoom, hover, step through.
//
// The data is the flat form SearchTree.viewer_data() gives: one entry a node in the order the
// search visited them (parents, cells, digits, outcomes, searched), plus the box shape and the
// givens, so the board at any node is the givens with the values on its path replayed.

const SLOT = 12; // world units between two neighbouring leaves
const LEVEL = 24; // world units between two depths
const COLORS = ["#4a78c2", "#c0392b", "#1e8449"]; // open, fail, solution
const OUTCOMES = ["open", "fail", "solution"];
const COLLAPSED_FILL = "#f2c4be";
// What to try when a search stops at its cap: only two strategies propagate sums.
const SUMS_NOTE = "On a puzzle with cages or other sums, only constraint and fast propagate them: try those.";

// Children lists (CSR), subtree sizes, depths, and which subtrees hold a solution or open leaf.
export function buildTree(data) {
  const n = data.parents.length;
  const parents = Int32Array.from(data.parents);
  const outcomes = Uint8Array.from(data.outcomes);
  const start = new Int32Array(n + 1);
  for (let k = 0; k < n; k++) if (parents[k] >= 0) start[parents[k] + 1]++;
  for (let k = 0; k < n; k++) start[k + 1] += start[k];
  const kids = new Int32Array(Math.max(start[n], 1));
  const fill = start.slice(0, n);
  const roots = [];
  const depth = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const p = parents[k];
    if (p >= 0) {
      kids[fill[p]++] = k;
      depth[k] = depth[p] + 1;
    } else roots.push(k);
  }
  const size = new Int32Array(n).fill(1);
  const wanted = new Uint8Array(n);
  for (const k of data.stopped || []) wanted[k] = 1; // the path where the search stopped stays open
  for (let k = n - 1; k >= 0; k--) {
    const leaf = start[k] === start[k + 1];
    if (outcomes[k] === 2 || (outcomes[k] === 0 && leaf)) wanted[k] = 1;
    const p = parents[k];
    if (p >= 0) {
      size[p] += size[k];
      wanted[p] |= wanted[k];
    }
  }
  const collapsed = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    if (parents[k] >= 0 && !wanted[k] && start[k] !== start[k + 1]) collapsed[k] = 1;
  }
  return { n, data, parents, outcomes, start, kids, roots, depth, size, wanted, collapsed };
}

// Positions of the nodes shown: leaves (and collapsed subtrees) take slots from the left in
// visiting order, a parent sits over the middle of its children. Hidden nodes get NaN.
export function layout(t) {
  const x = new Float64Array(t.n).fill(NaN);
  const order = [];
  const stack = t.roots.slice().reverse();
  let slot = 0;
  let maxDepth = 0;
  while (stack.length) {
    const k = stack.pop();
    order.push(k);
    if (t.depth[k] > maxDepth) maxDepth = t.depth[k];
    const a = t.start[k];
    const b = t.start[k + 1];
    if (a === b || t.collapsed[k]) {
      x[k] = slot++ * SLOT;
    } else {
      for (let j = b - 1; j >= a; j--) stack.push(t.kids[j]);
    }
  }
  for (let j = order.length - 1; j >= 0; j--) {
    const k = order[j];
    if (Number.isNaN(x[k])) x[k] = (x[t.kids[t.start[k]]] + x[t.kids[t.start[k + 1] - 1]]) / 2;
  }
  // Per depth, the nodes shown in left-to-right order: hover finds a node by binary search.
  const levels = Array.from({ length: maxDepth + 1 }, () => []);
  for (const k of order) levels[t.depth[k]].push(k);
  return { x, order, levels, width: Math.max(slot, 1) * SLOT, height: (maxDepth + 1) * LEVEL };
}

function cellName(n, i) {
  return `r${Math.floor(i / n) + 1}c${(i % n) + 1}`;
}

// The values on the path to node k, root first: [[cell, digit], ...].
export function placements(t, k) {
  const fills = t.data.fills || {};
  const out = [];
  for (let j = k; j >= 0; j = t.parents[j]) {
    if (fills[j]) out.push(...fills[j].slice().reverse());
    else if (t.data.cells[j] >= 0) out.push([t.data.cells[j], t.data.digits[j]]);
  }
  return out.reverse();
}

function describe(t, k) {
  const n = t.data.box[0] * t.data.box[1];
  const cell = t.data.cells[k];
  const what = cell < 0 ? "root" : `${cellName(n, cell)} = ${t.data.digits[k]}`;
  const refuted = t.data.searched[k] ? "" : ", refuted by propagation";
  return `node ${k}: ${what} (${OUTCOMES[t.outcomes[k]]}${refuted}), depth ${t.depth[k]}, subtree ${t.size[k]}`;
}

function drawBoard(canvas, t, k) {
  const [br, bc] = t.data.box;
  const n = br * bc;
  const px = canvas.width;
  const cell = px / n;
  const ctx = canvas.getContext("2d");
  ctx.clearRect(0, 0, px, px);
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, px, px);
  const values = t.data.givens.slice();
  const placed = k >= 0 ? placements(t, k) : [];
  const own = new Set();
  if (k >= 0) {
    const fill = (t.data.fills || {})[k];
    if (fill) fill.forEach(([i]) => own.add(i));
    else if (t.data.cells[k] >= 0) own.add(t.data.cells[k]);
  }
  for (const [i, d] of placed) values[i] = d;
  ctx.fillStyle = "#ffe9a8";
  for (const i of own) ctx.fillRect((i % n) * cell, Math.floor(i / n) * cell, cell, cell);
  ctx.strokeStyle = "#bbb";
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let j = 1; j < n; j++) {
    ctx.moveTo(j * cell, 0);
    ctx.lineTo(j * cell, px);
    ctx.moveTo(0, j * cell);
    ctx.lineTo(px, j * cell);
  }
  ctx.stroke();
  ctx.strokeStyle = "#333";
  ctx.lineWidth = 2;
  ctx.beginPath();
  for (let j = 0; j <= n; j += bc) {
    ctx.moveTo(j * cell, 0);
    ctx.lineTo(j * cell, px);
  }
  for (let j = 0; j <= n; j += br) {
    ctx.moveTo(0, j * cell);
    ctx.lineTo(px, j * cell);
  }
  ctx.stroke();
  ctx.font = `${Math.floor(cell * 0.6)}px sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (let i = 0; i < n * n; i++) {
    if (!values[i]) continue;
    ctx.fillStyle = t.data.givens[i] ? "#111" : "#1f5fbf";
    ctx.fillText(String(values[i]), (i % n + 0.5) * cell, (Math.floor(i / n) + 0.5) * cell);
  }
}

// How a search ended: its solutions, or where it stopped and what it had found by then.
export function ending(data) {
  const found = (data.counts || {}).solutions;
  if (data.complete !== false) return `${found} solution(s)`;
  const where = data.reason || "limit";
  return `stopped at the ${where} ${found ? `after ${found} solution(s)` : "before any solution"}`;
}

function button(label, title, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.title = title;
  b.addEventListener("click", onClick);
  return b;
}

// Draw the tree of `data` into `el`. Returns the view: {tree, timings, step(k), destroy()}.
export function mountTree(el, data, options = {}) {
  const started = performance.now();
  const t = buildTree(data);
  let lay = layout(t);
  const laidOut = performance.now();
  const width = options.width || 640;
  const height = options.height || 360;
  const root = document.createElement("div");
  root.className = "sm-tree";
  root.style.cssText = `font: 13px system-ui, sans-serif; display: inline-block; vertical-align: top; margin: 0 12px 12px 0; width: ${width + 2}px`;
  const c = data.counts || {};
  const head = document.createElement("div");
  head.className = "sm-tree-counts";
  head.textContent = `${data.strategy}: ${c.nodes} nodes, ${c.backtracks} backtracks, ${c.failures} failures, ${ending(data)}`;
  const canvas = document.createElement("canvas");
  canvas.className = "sm-tree-canvas";
  const dpr = window.devicePixelRatio || 1;
  canvas.width = width * dpr;
  canvas.height = height * dpr;
  canvas.style.cssText = `width:${width}px;height:${height}px;border:1px solid #ccc;display:block;cursor:grab`;
  canvas.tabIndex = 0;
  canvas.setAttribute("aria-label", `search tree of ${data.strategy}; arrow keys step through the nodes`);
  const info = document.createElement("div");
  info.className = "sm-tree-info";
  info.style.minHeight = "1.4em";
  info.textContent = "hover a node to see the board there; click one to open or close it";
  const boardSize = options.boardSize || 180;
  const board = document.createElement("canvas");
  board.className = "sm-tree-board";
  board.width = board.height = boardSize;
  board.style.cssText = `width:${boardSize}px;height:${boardSize}px;margin-top:4px`;
  let current = -1;
  const tools = document.createElement("div");
  tools.append(
    button("◀", "previous node in visiting order", () => step(current - 1)),
    button("▶", "next node in visiting order", () => step(current + 1)),
    button("Expand all", "show every node", () => setCollapsed(() => 0)),
    button("Collapse failed", "fold subtrees without a solution", () =>
      setCollapsed((k) => (t.parents[k] >= 0 && !t.wanted[k] && t.start[k] !== t.start[k + 1] ? 1 : 0)),
    ),
    button("Fit", "show the whole tree", () => fit()),
  );
  root.append(head, canvas, tools, info, board);
  el.append(root);

  const ctx = canvas.getContext("2d");
  let scale = 1; // horizontal: the wheel zooms it
  let yscale = 1; // vertical: fitted to the height, shift+wheel zooms it
  let ox = 0;
  let oy = 0;
  let hover = -1;
  let pending = false;

  function fit() {
    scale = Math.min(Math.max((width - 24) / lay.width, 1e-5), 2);
    yscale = Math.min(Math.max((height - 28) / lay.height, 0.05), 2);
    ox = (width - lay.width * scale) / 2;
    oy = 14;
    redraw();
  }

  function redraw() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      draw();
    });
  }

  function draw() {
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    const x = lay.x;
    const lo = -ox / scale - SLOT;
    const hi = (width - ox) / scale + SLOT;
    const top = -oy / yscale - LEVEL;
    const bottom = (height - oy) / yscale + LEVEL;
    const r = Math.max(0.8, Math.min(4, SLOT * scale * 0.3, LEVEL * yscale * 0.3));
    ctx.lineWidth = 1;
    ctx.strokeStyle = "#aaa";
    ctx.beginPath();
    const shapes = [[], [], []];
    const folded = [];
    // Level by level, left to right; a node less than a pixel from the last one drawn on its
    // level (and its edge) would land on the same pixels, so it is skipped: a wide level costs
    // at most one node per pixel column.
    for (let d = 0; d < lay.levels.length; d++) {
      const wy = d * LEVEL;
      if (wy < top || wy > bottom + LEVEL) continue;
      let last = -Infinity;
      for (const k of lay.levels[d]) {
        const wx = x[k];
        const sx = wx * scale;
        if (sx - last < 0.8 && !t.collapsed[k] && t.outcomes[k] !== 2 && k !== current) continue;
        last = sx;
        const p = t.parents[k];
        if (p >= 0) {
          const px = x[p];
          if (!((wx < lo && px < lo) || (wx > hi && px > hi))) {
            ctx.moveTo(px * scale + ox, (wy - LEVEL) * yscale + oy);
            ctx.lineTo(wx * scale + ox, wy * yscale + oy);
          }
        }
        if (wx < lo || wx > hi || wy > bottom) continue;
        if (t.collapsed[k]) folded.push(k);
        else shapes[t.outcomes[k]].push(k);
      }
    }
    ctx.stroke();
    for (let o = 0; o < 3; o++) {
      ctx.fillStyle = COLORS[o];
      ctx.beginPath();
      const round = o !== 1 && r >= 2; // failures are squares, the rest dots when big enough
      const rr = o === 2 ? r * 1.4 : r;
      for (const k of shapes[o]) {
        const sx = x[k] * scale + ox;
        const sy = t.depth[k] * LEVEL * yscale + oy;
        if (round) {
          ctx.moveTo(sx + rr, sy);
          ctx.arc(sx, sy, rr, 0, 2 * Math.PI);
        } else ctx.rect(sx - rr, sy - rr, 2 * rr, 2 * rr);
      }
      ctx.fill();
    }
    ctx.fillStyle = COLLAPSED_FILL;
    ctx.strokeStyle = COLORS[1];
    ctx.beginPath();
    for (const k of folded) {
      const sx = x[k] * scale + ox;
      const sy = t.depth[k] * LEVEL * yscale + oy;
      ctx.moveTo(sx, sy - r);
      ctx.lineTo(sx + 1.6 * r, sy + 2.5 * r);
      ctx.lineTo(sx - 1.6 * r, sy + 2.5 * r);
      ctx.closePath();
    }
    ctx.fill();
    ctx.stroke();
    if (SLOT * scale > 22 && folded.length < 2000) {
      ctx.fillStyle = "#333";
      ctx.font = "10px sans-serif";
      ctx.textAlign = "center";
      // A label that would touch the last one written on its level is left out (hovering its
      // triangle still tells the size).
      const written = new Map();
      for (const k of folded) {
        const text = String(t.size[k]);
        const half = ctx.measureText(text).width / 2;
        const sx = x[k] * scale + ox;
        if (sx - half < (written.get(t.depth[k]) ?? -Infinity) + 3) continue;
        written.set(t.depth[k], sx + half);
        ctx.fillText(text, sx, t.depth[k] * LEVEL * yscale + oy + 3.5 * r + 8);
      }
    }
    for (const [k, color] of [[hover, "#000"], [current, "#e67e22"]]) {
      if (k < 0 || Number.isNaN(x[k])) continue;
      ctx.strokeStyle = color;
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.arc(x[k] * scale + ox, t.depth[k] * LEVEL * yscale + oy, r + 4, 0, 2 * Math.PI);
      ctx.stroke();
    }
  }

  // The shown node nearest to a point of the canvas, or -1 when none is close.
  function nodeAt(sx, sy) {
    const d = Math.round((sy - oy) / yscale / LEVEL);
    const level = lay.levels[d];
    if (!level || !level.length) return -1;
    const wx = (sx - ox) / scale;
    let a = 0;
    let b = level.length - 1;
    while (a < b) {
      const m = (a + b) >> 1;
      if (lay.x[level[m]] < wx) a = m + 1;
      else b = m;
    }
    let best = -1;
    let bestDist = 10;
    for (const j of [a - 1, a]) {
      if (j < 0 || j >= level.length) continue;
      const k = level[j];
      const dist = Math.abs(lay.x[k] * scale + ox - sx);
      if (dist < bestDist) {
        best = k;
        bestDist = dist;
      }
    }
    return Math.abs(d * LEVEL * yscale + oy - sy) < Math.max(6, LEVEL * yscale * 0.5) ? best : -1;
  }

  function show(k) {
    if (k < 0) return;
    info.textContent = describe(t, k);
    drawBoard(board, t, k);
  }

  function setCollapsed(rule) {
    for (let k = 0; k < t.n; k++) t.collapsed[k] = rule(k);
    lay = layout(t);
    fit();
  }

  function reveal(k) {
    let changed = false;
    for (let j = t.parents[k]; j >= 0; j = t.parents[j]) {
      if (t.collapsed[j]) {
        t.collapsed[j] = 0;
        changed = true;
      }
    }
    if (changed) lay = layout(t);
  }

  function step(k) {
    if (k < 0 || k >= t.n) return;
    current = k;
    reveal(k);
    const sx = lay.x[k] * scale + ox;
    const sy = t.depth[k] * LEVEL * yscale + oy;
    if (sx < 0 || sx > width || sy < 0 || sy > height) {
      ox = width / 2 - lay.x[k] * scale;
      oy = height / 2 - t.depth[k] * LEVEL * yscale;
    }
    show(k);
    redraw();
  }

  let drag = null;
  const point = (e) => {
    const box = canvas.getBoundingClientRect();
    return [e.clientX - box.left, e.clientY - box.top];
  };
  const onMove = (e) => {
    const [sx, sy] = point(e);
    if (drag) {
      ox = drag.ox + sx - drag.x;
      oy = drag.oy + sy - drag.y;
      drag.moved = drag.moved || Math.abs(sx - drag.x) + Math.abs(sy - drag.y) > 3;
      redraw();
      return;
    }
    const k = nodeAt(sx, sy);
    if (k !== hover) {
      hover = k;
      show(k);
      redraw();
    }
  };
  const onDown = (e) => {
    const [sx, sy] = point(e);
    drag = { x: sx, y: sy, ox, oy, moved: false };
    canvas.style.cursor = "grabbing";
  };
  const onUp = (e) => {
    const was = drag;
    drag = null;
    canvas.style.cursor = "grab";
    if (!was || was.moved) return;
    const [sx, sy] = point(e);
    const k = nodeAt(sx, sy);
    if (k >= 0 && t.start[k] !== t.start[k + 1] && t.parents[k] >= 0) {
      t.collapsed[k] = t.collapsed[k] ? 0 : 1;
      const before = lay.x[k];
      lay = layout(t);
      ox += (before - lay.x[k]) * scale; // keep the clicked node under the pointer
      current = k;
      show(k);
      redraw();
    }
  };
  const onWheel = (e) => {
    e.preventDefault();
    const [sx, sy] = point(e);
    const factor = Math.exp(-e.deltaY * 0.0015);
    if (e.shiftKey) {
      const next = Math.min(Math.max(yscale * factor, 0.02), 8);
      oy = sy - ((sy - oy) * next) / yscale;
      yscale = next;
    } else {
      const next = Math.min(Math.max(scale * factor, 1e-5), 8);
      ox = sx - ((sx - ox) * next) / scale;
      scale = next;
    }
    redraw();
  };
  const onKey = (e) => {
    if (e.key === "ArrowRight") step(current + 1);
    else if (e.key === "ArrowLeft") step(current - 1);
    else return;
    e.preventDefault();
  };
  canvas.addEventListener("mousemove", onMove);
  canvas.addEventListener("mousedown", onDown);
  window.addEventListener("mouseup", onUp);
  canvas.addEventListener("wheel", onWheel, { passive: false });
  canvas.addEventListener("keydown", onKey);
  fit();
  draw();
  drawBoard(board, t, -1);
  const drawn = performance.now();
  return {
    tree: t,
    timings: { layout: laidOut - started, total: drawn - started },
    step,
    nodeAt,
    // Where node k is drawn, in canvas pixels (NaN when it is hidden in a collapsed subtree).
    at(k) {
      return [lay.x[k] * scale + ox, t.depth[k] * LEVEL * yscale + oy];
    },
    get shown() {
      return lay.order.length;
    },
    destroy() {
      window.removeEventListener("mouseup", onUp);
      root.remove();
    },
  };
}

// Several trees side by side (naive against MRV against propagation), each with its counts.
export function mountComparison(el, trees, options = {}) {
  const row = document.createElement("div");
  row.className = "sm-tree-row";
  el.append(row);
  const width = options.width || Math.max(280, Math.floor(900 / Math.max(trees.length, 1)));
  const views = trees.map((data) => mountTree(row, data, { width, height: 300, boardSize: 150, ...options }));
  return {
    views,
    destroy() {
      views.forEach((v) => v.destroy());
      row.remove();
    },
  };
}

// The page's panel: pick strategies, trace the board's puzzle on the server, compare the trees.
export function mountTreePanel(el, puzzleOf, url = "api") {
  const strategies = ["naive", "bitmask", "mrv-static", "mrv", "boxwise", "propagate", "dlx", "constraint", "fast"];
  const chosen = new Set(["naive", "mrv", "propagate"]); // on a killer, only constraint and fast finish
  const box = document.createElement("details");
  const summary = document.createElement("summary");
  summary.textContent = "Search trees";
  const picks = document.createElement("div");
  for (const name of strategies) {
    const label = document.createElement("label");
    const check = document.createElement("input");
    check.type = "checkbox";
    check.checked = chosen.has(name);
    check.addEventListener("change", () => (check.checked ? chosen.add(name) : chosen.delete(name)));
    label.append(check, ` ${name} `);
    picks.append(label);
  }
  const status = document.createElement("div");
  const out = document.createElement("div");
  let shown = null;
  const go = button("Trace", "record the search of each strategy chosen on this puzzle", async () => {
    status.textContent = "tracing…";
    shown?.destroy();
    try {
      const trees = [];
      for (const name of strategies.filter((s) => chosen.has(s))) {
        const action = { type: "tree", backend: name, puzzle: puzzleOf() };
        const response = await fetch(url, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ state: {}, action }),
        });
        const body = await response.json();
        if (!response.ok) throw new Error(body.error || `server answered ${response.status}`);
        trees.push(body);
      }
      shown = mountComparison(out, trees);
      const stopped = trees.filter((d) => !d.complete).map((d) => `${d.strategy} ${ending(d)}`);
      const note = trees.some((d) => d.sums && !d.complete) ? ` ${SUMS_NOTE}` : "";
      status.textContent = stopped.length ? `${stopped.join("; ")}.${note}` : "";
    } catch (err) {
      status.textContent = `cannot trace: ${err.message}`;
    }
  });
  box.append(summary, picks, go, status, out);
  el.append(box);
}

export default {
  render({ model, el }) {
    let view = mountComparison(el, model.get("trees"));
    const update = () => {
      view.destroy();
      view = mountComparison(el, model.get("trees"));
    };
    model.on("change:trees", update);
    return () => {
      model.off("change:trees", update);
      view.destroy();
    };
  },
};
