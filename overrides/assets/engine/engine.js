// The bridge to the rules engine: the only module a page's tool imports. It starts the engine's
// worker (worker.mjs) when a tool first asks for it, never before, and turns each call into one
// JSON request to backalley.web.handle. No rule and no words here: answers and refusals come from
// the engine, in the language asked for.
//
//   import { start, keywords } from "<site root>/assets/engine/engine.js";
//   const engine = await start({ lang: "fr", onProgress: ({ stage, done, of }) => ... });
//   await engine.call("score_deal", 5, [["N", 2], ["E", "pass"], ["S", 1], ["W", "pass"]], { NS: 4, EW: 1 });
//     // -> { NS: 16, EW: 1 }
//   await engine.call("trick_splits", hands, "H", "W", keywords({ bids, plays }));
//     // a refusal rejects with an Error: kind ("IllegalPlay"), rule, number, message (in French),
//     // address ("fr/tricks/#rule-3.2", from the site's root) and href (that address in full)
//
//   await engine.load("renderer");  // a part loaded on demand: the printed documents' renderer
//     // (assets/engine/renderer.zip), after which its functions answer calls
//
// start() rejects when the engine cannot start, with an Error whose kind is "cannot-start" and
// whose reason is "no-webassembly", "out-of-memory", "timeout" or "failed".

const STAGES = ["runtime", "started", "engine"];
const SITE_ROOT = new URL("../../", import.meta.url);

let booting = null; // the page's one worker, once started: a promise of it, ready
let next = 0;
const waiting = new Map(); // id -> {resolve, reject}

class Keywords {
  constructor(values) {
    this.values = values;
  }
}

/** Keyword arguments for a call, given last: call("legal_bids", 5, keywords({ variant: "strict" })). */
export function keywords(values) {
  return new Keywords(values);
}

function failure(fields) {
  const error = new Error(fields.message || fields.kind);
  Object.assign(error, fields);
  if (fields.address) error.href = new URL(fields.address, SITE_ROOT).href;
  return error;
}

function boot(onProgress, timeout) {
  return new Promise((resolve, reject) => {
    const cannot = (reason, detail) => reject(failure({ kind: "cannot-start", reason, message: detail }));
    if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
      cannot("no-webassembly", "this browser runs no WebAssembly in a worker");
      return;
    }
    const worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
    const dropAll = (message) => {
      for (const { reject: refuse } of waiting.values()) refuse(failure({ kind: "internal", message }));
      waiting.clear();
    };
    worker.onerror = (event) => {
      const message = event.message || "the engine's worker failed";
      cannot("failed", message);
      dropAll(message);
    };
    worker.onmessage = ({ data }) => {
      if (data.type === "progress") {
        onProgress({ stage: data.stage, done: STAGES.indexOf(data.stage) + 1, of: STAGES.length });
      } else if (data.type === "ready") {
        resolve(worker);
      } else if (data.type === "fatal") {
        cannot(data.reason, data.detail);
        worker.terminate();
      } else if (data.type === "reply") {
        const { resolve: answer, reject: refuse } = waiting.get(data.id);
        waiting.delete(data.id);
        const reply = JSON.parse(data.text);
        if ("ok" in reply) answer(reply.ok);
        else refuse(failure(reply.error));
      }
    };
    worker.postMessage({ type: "start", timeout });
  });
}

/**
 * Start the engine (once per page: later calls share it) and resolve to an engine whose
 * call(name, ...args) answers in `lang`. onProgress gets {stage, done, of} as the runtime is
 * fetched, started and the engine loaded; timeout (ms) bounds the runtime's start.
 */
export function start({ lang = "en", onProgress = () => {}, timeout = 120000 } = {}) {
  if (booting === null) {
    booting = boot(onProgress, timeout);
    booting.catch(() => {
      booting = null; // a later start tries again
    });
  }
  return booting.then((worker) => ({
    lang,
    call(name, ...args) {
      const named = args.length && args[args.length - 1] instanceof Keywords ? args.pop().values : {};
      const id = ++next;
      const text = JSON.stringify({ call: name, args, kwargs: named, lang });
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ type: "call", id, text });
      });
    },
    load(part) {
      const id = ++next;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ type: "load", id, part });
      });
    },
  }));
}
