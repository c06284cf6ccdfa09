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

const HERE = new URL("./", import.meta.url);

let handle = null; // backalley.web.handle, once the engine is loaded
let starting = null;

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
  const response = await fetch(new URL("./backalley.zip", HERE), { cache: "no-cache" });
  if (!response.ok) throw new Error(`backalley.zip: HTTP ${response.status}`);
  pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "/engine" });
  pyodide.runPython("import sys; sys.path.insert(0, '/engine')");
  handle = pyodide.pyimport("backalley.web").handle;
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
