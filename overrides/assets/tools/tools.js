// Starts the tools of a page (the boxes backalley_site/tools.py writes): nothing else is loaded
// until the reader presses a tool's button (or the tool asked to reopen by itself with keepOpen,
// for an evening in progress); not even common.js, so a rules page's first load grows by this
// file alone. Then the engine starts with a progress bar, the tool's
// module assets/tools/<name>.js is imported and its mount(view, {engine, words, box}) draws it.
// Words come from the page (the box's JSON data block): this file holds none.

const ENGINE = new URL("../engine/engine.js", import.meta.url);
const REOPEN = "backalley.reopen.";

function reopens(name) {
  try {
    return localStorage.getItem(REOPEN + name) === "yes";
  } catch {
    return false;
  }
}

/** Ask for the tool to be opened again with its page (on), or not any more (off). */
export function keepOpen(name, on) {
  try {
    if (on) localStorage.setItem(REOPEN + name, "yes");
    else localStorage.removeItem(REOPEN + name);
  } catch {
    // storage refused (a private window): the reader presses the button again
  }
}

function wordsOf(box) {
  return JSON.parse(box.querySelector(".ba-tool__words").textContent);
}

async function open(box) {
  const words = wordsOf(box);
  const button = box.querySelector(".ba-tool__start");
  const loading = box.querySelector(".ba-tool__loading");
  const bar = loading.querySelector("progress");
  const status = loading.querySelector(".ba-tool__status");
  const view = box.querySelector(".ba-tool__view");
  button.hidden = true;
  loading.hidden = false;
  view.replaceChildren();
  box.setAttribute("aria-busy", "true");
  bar.value = 0;
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

for (const box of document.querySelectorAll(".ba-tool")) {
  box.querySelector(".ba-tool__start").addEventListener("click", () => open(box));
  if (reopens(box.dataset.tool)) open(box);
}
