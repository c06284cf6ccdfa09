// Starts a tool in its box (the box backalley_site/tools.py writes). Nothing of this loads with a
// page: a few lines in the page (overrides/main.html) import this module when the reader presses
// a tool's button, or when the tool asked to reopen by itself with keepOpen (an evening in
// progress), and call open(box). It fetches the tool's words (assets/tools/words/<name>.<lang>.json)
// and the tools' stylesheet, starts the engine with a progress bar, then imports the tool's module
// assets/tools/<name>.js, whose mount(view, {engine, words, box}) draws it. This file holds no words.

const ENGINE = new URL("../engine/engine.js", import.meta.url);
const STYLESHEET = new URL("./tools.css", import.meta.url);
const REOPEN = "backalley.reopen.";

/** Ask for the tool to be opened again with its page (on), or not any more (off); the page's
 *  own lines read the same key. */
export function keepOpen(name, on) {
  try {
    if (on) localStorage.setItem(REOPEN + name, "yes");
    else localStorage.removeItem(REOPEN + name);
  } catch {
    // storage refused (a private window): the reader presses the button again
  }
}

async function wordsOf(box) {
  const address = new URL(`./words/${box.dataset.tool}.${box.dataset.lang}.json`, import.meta.url);
  const reply = await fetch(address);
  if (!reply.ok) throw new Error(`${address.pathname}: ${reply.status}`);
  return reply.json();
}

/** The tools' stylesheet, once per page; resolves when it applies (or could not load). */
function styled() {
  if (document.querySelector("link.ba-tool__styles")) return Promise.resolve();
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.className = "ba-tool__styles";
  link.href = STYLESHEET.href;
  const loaded = new Promise((done) => {
    link.addEventListener("load", done);
    link.addEventListener("error", done);
  });
  document.head.append(link);
  return loaded;
}

/** Start the tool of this box: words, stylesheet, engine (with the progress bar), then its view. */
export async function open(box) {
  if (box.getAttribute("aria-busy") === "true") return; // pressed twice while starting
  const button = box.querySelector(".ba-tool__start");
  const loading = box.querySelector(".ba-tool__loading");
  const bar = loading.querySelector("progress");
  const status = loading.querySelector(".ba-tool__status");
  const failed = box.querySelector(".ba-tool__unfetched");
  const view = box.querySelector(".ba-tool__view");
  button.hidden = true;
  failed.hidden = true;
  loading.hidden = false;
  view.replaceChildren();
  box.setAttribute("aria-busy", "true");
  bar.value = 0;
  let words;
  try {
    [words] = await Promise.all([wordsOf(box), styled()]);
  } catch {
    // not even the words (offline before any visit): the box's own sentence, and the button again
    box.removeAttribute("aria-busy");
    loading.hidden = true;
    failed.hidden = false;
    button.hidden = false;
    return;
  }
  status.textContent = words.tools.stage.runtime;
  try {
    const { start } = await import(ENGINE);
    const engine = await start({
      lang: words.lang,
      onProgress: ({ stage, done, of }) => {
        bar.max = of;
        bar.value = done;
        if (stage === "started") status.textContent = words.tools.stage.engine;
      },
    });
    const tool = await import(new URL(`./${box.dataset.tool}.js`, import.meta.url));
    loading.hidden = true;
    box.removeAttribute("aria-busy");
    await tool.mount(view, { engine, words, box });
  } catch (error) {
    box.removeAttribute("aria-busy");
    loading.hidden = true;
    await cannotStart(box, words, error);
  }
}

async function cannotStart(box, words, error) {
  const { fill } = await import("./common.js");
  const view = box.querySelector(".ba-tool__view");
  const said = document.createElement("p");
  said.className = "ba-tool__cannot";
  said.setAttribute("role", "alert");
  said.textContent = error.kind === "cannot-start"
    ? words.tools.cannot[error.reason] || words.tools.cannot.failed
    : fill(words.tools.internal, { detail: error.message || String(error) });
  const again = document.createElement("button");
  again.type = "button";
  again.className = "md-button";
  again.textContent = words.tools.retry;
  again.addEventListener("click", () => open(box));
  view.replaceChildren(said, again);
}
