// The rules engine in a module Web Worker (after Pyodide's own webworker example): starts the
// Pyodide runtime served by the site once, unpacks this build's backalley package, and answers
// each request with backalley.web.handle, JSON text in and out. Only engine.js talks to it.
//
// To the page:   {type: "progress", stage: "runtime" | "started" | "engine"}
//                {type: "ready"}
//                {type: "fatal", reason: "no-webassembly" | "out-of-memory" | "timeout" | "failed", detail}
//                {type: "reply", id, text}
// From the page: {type: "start", timeout}      (once, first)
//                {type: "call", id, text}      (any time after start: held until ready)
//                {type: "load", id, part}      (a part of the engine loaded on demand, PARTS:
//                                               answered as a call is, {"ok": true} once unpacked)

const HERE = new URL("./", import.meta.url);

const PARTS = { renderer: "renderer.zip" }; // the printed documents' renderer (browser_engine.py)

let handle = null; // backalley.web.handle, once the engine is loaded
let starting = null;
let runtime = null; // the started Pyodide
const loaded = new Map(); // part -> promise of its unpacking

async function unpack(pyodide, name) {
  const response = await fetch(new URL(`./${name}`, HERE), { cache: "no-cache" });
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
  pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "/engine" });
}

function post(message) {
  self.postMessage(message);
}

function fatalReason(error) {
  const text = String(error && (error.message || error));
  if (error instanceof RangeError || /out of memory|memory access out of bounds|allocate memory/i.test(text)) {
    return "out-of-memory";
  }
  return "failed";
}

function withTimeout(promise, ms) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`no runtime after ${ms} ms`), { timeout: true })), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

async function boot(timeout) {
  if (typeof WebAssembly !== "object") {
    throw Object.assign(new Error("this browser has no WebAssembly"), { reason: "no-webassembly" });
  }
  post({ type: "progress", stage: "runtime" });
  // On a wrong MIME type or a Content-Security-Policy without 'wasm-unsafe-eval' the runtime
  // never settles: the timeout turns that into an error the page can show.
  const pyodide = await withTimeout(
    (async () => {
      const { loadPyodide } = await import("./pyodide/pyodide.mjs");
      return loadPyodide({ indexURL: new URL("./pyodide/", HERE).href });
    })(),
    timeout,
  );
  post({ type: "progress", stage: "started" });
  await unpack(pyodide, "backalley.zip");
  pyodide.runPython("import sys; sys.path.insert(0, '/engine')");
  handle = pyodide.pyimport("backalley.web").handle;
  runtime = pyodide;
  post({ type: "progress", stage: "engine" });
}

self.onmessage = async ({ data }) => {
  if (data.type === "start") {
    starting ??= boot(data.timeout).then(
      () => post({ type: "ready" }),
      (error) => {
        const reason = error.reason || (error.timeout ? "timeout" : fatalReason(error));
        post({ type: "fatal", reason, detail: String(error && (error.message || error)) });
      },
    );
    return;
  }
  if (data.type === "load") {
    await starting;
    if (!handle) return;
    if (!(data.part in PARTS)) {
      post({ type: "reply", id: data.id, text: JSON.stringify({ error: { kind: "internal", message: `no part ${data.part}` } }) });
      return;
    }
    if (!loaded.has(data.part)) {
      const unpacking = unpack(runtime, PARTS[data.part]).then(() => runtime.runPython("import importlib; importlib.invalidate_caches()"));
      unpacking.catch(() => loaded.delete(data.part)); // a later request tries again
      loaded.set(data.part, unpacking);
    }
    let text;
    try {
      await loaded.get(data.part);
      text = JSON.stringify({ ok: true });
    } catch (error) {
      text = JSON.stringify({ error: { kind: "internal", message: String(error && (error.message || error)) } });
    }
    post({ type: "reply", id: data.id, text });
    return;
  }
  if (data.type === "call") {
    await starting;
    if (!handle) return; // the start failed: engine.js has rejected every call
    let text;
    try {
      text = handle(data.text);
    } catch (error) { // the runtime itself failed (handle never raises): its last line, not a traceback
      const said = String(error && (error.message || error)).trim().split("\n");
      text = JSON.stringify({ error: { kind: "internal", message: said[said.length - 1] } });
    }
    post({ type: "reply", id: data.id, text });
  }
};
