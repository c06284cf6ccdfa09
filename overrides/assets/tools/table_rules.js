// "Your table's rules" on the variants page: a control per option of the engine, and at each
// change one call to backalley_site.table_rules, whose answer (the differences in the rules
// sheet's phrases, the match, the worked examples that change, or the engine's refusal) is drawn
// as it comes. The mix lives in the page's address (?variant=<the engine's spec>: in the query,
// since the theme rewrites the fragment with the section being read); the sheet and the pad are
// made by the printed documents' renderer, loaded into the engine on the first ask.
// No rule and no words here: the choices, phrases and figures come from the engine and the term files.

import { element, refusalNode } from "./common.js";
import { keywords } from "../engine/engine.js";

const TABLE_RULES = "backalley_site.table_rules.table_rules";
const DOCUMENT = "backalley_site.table_rules.rules_document";
const ADDRESS = /[?&]variant=([^&#]*)/;
const STYLES = new URL("../engine/documents.css", import.meta.url).href;

/** The spec in the page's address, or null. */
function addressed() {
  const found = ADDRESS.exec(location.search);
  return found ? decodeURIComponent(found[1].replace(/\+/g, " ")) : null;
}

/** The page's address for `spec`: the engine's spec as it reads, only what a URL must escape escaped. */
function addressOf(spec) {
  return `${location.origin}${location.pathname}?variant=${encodeURI(spec).replace(/[&#?]/g, encodeURIComponent)}`;
}

class TableRules {
  constructor(view, engine, words) {
    this.engine = engine;
    this.words = words;
    this.say = words.tool;
    this.controls = new Map(); // option -> {select, other (an input, or null), rule}
    this.asked = 0; // the latest request: an older answer arriving late is not drawn
    this.form = element("form", "ba-rules__form");
    this.form.addEventListener("submit", (event) => event.preventDefault());
    this.result = element("div", "ba-rules__result");
    this.result.setAttribute("aria-live", "polite");
    this.documents = element("div", "ba-rules__documents");
    view.replaceChildren(this.form, this.result, this.documents);
    this.drawForm();
    this.drawDocuments();
  }

  field(id, label, control) {
    const row = element("div", "ba-rules__field");
    const text = element("label", null, label);
    text.htmlFor = id;
    row.append(text, control);
    return row;
  }

  drawForm() {
    const presets = element("select");
    presets.id = "ba-rules-preset";
    presets.name = "preset";
    for (const [name, text] of Object.entries(this.words.preset_names)) {
      presets.append(new Option(text, name, name === "standard", name === "standard"));
    }
    const own = new Option(this.say.rules, "");
    own.disabled = true; // shown while the mix is no preset
    presets.append(own);
    presets.addEventListener("change", () => this.ask(presets.value, true));
    this.presets = presets;
    this.form.append(this.field(presets.id, this.say.preset, presets));
    const rules = element("fieldset", "ba-rules__options");
    rules.append(element("legend", null, this.say.rules));
    for (const rule of this.words.house_rules) {
      const id = `ba-rules-${rule.option}`;
      const select = element("select");
      select.id = id;
      select.name = rule.option;
      for (const choice of rule.choices) select.append(new Option(choice.text, choice.value));
      let other = null;
      const row = this.field(id, rule.ask, select);
      if (rule.other) {
        select.append(new Option(rule.other, ""));
        other = element("input", "ba-rules__other");
        other.id = `${id}-other`;
        other.type = "text";
        other.autocomplete = "off";
        other.hidden = true;
        const label = element("label", "ba-rules__other-label", this.say.your_value);
        label.htmlFor = other.id;
        label.hidden = true;
        other.label = label;
        other.addEventListener("change", () => this.changed());
        row.append(label, other);
        select.addEventListener("change", () => {
          const open = select.value === "";
          other.hidden = label.hidden = !open;
          if (open) other.focus();
          if (!open || other.value.trim()) this.changed(); // a value typed before counts again
        });
      } else {
        select.addEventListener("change", () => this.changed());
      }
      select.value = rule.standard;
      this.controls.set(rule.option, { select, other, rule });
      rules.append(row);
    }
    this.form.append(rules);
  }

  drawDocuments() {
    const status = element("p", "ba-rules__status");
    status.setAttribute("role", "status");
    const buttons = ["sheet", "pad"].map((kind) => {
      const button = element("button", "md-button ba-rules__button", this.say[kind]);
      button.type = "button";
      button.addEventListener("click", () => this.open(kind === "pad" ? "scorepad" : "sheet", status));
      return button;
    });
    const group = element("div", "ba-rules__buttons");
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", this.say.print);
    group.append(...buttons);
    this.documents.append(element("h3", null, this.say.print), group, status);
  }

  /** The spec of the form's choices: every option as chosen, from the standard game. */
  spec() {
    const parts = ["standard"];
    for (const [option, { select, other }] of this.controls) {
      parts.push(`${option}=${select.value === "" && other ? other.value.trim() : select.value}`);
    }
    return parts.join(",");
  }

  changed() {
    this.presets.value = "";
    return this.ask(this.spec(), false);
  }

  /** Ask the engine about `spec` and draw its answer; `setForm` moves the controls to its options. */
  async ask(spec, setForm) {
    const asked = ++this.asked;
    let answer;
    try {
      answer = await this.engine.call(TABLE_RULES, spec, keywords({ lang: this.words.lang }));
    } catch (error) {
      if (asked === this.asked) {
        this.variant = null;
        this.result.replaceChildren(refusalNode(error, this.words));
      }
      return;
    }
    if (asked !== this.asked) return;
    this.variant = answer.variant;
    if (setForm) this.setForm(answer.options);
    this.presets.value = answer.variant in this.words.preset_names ? answer.variant : "";
    history.replaceState(null, "", addressOf(answer.variant) + location.hash);
    this.draw(answer);
  }

  setForm(options) {
    for (const [option, { select, other }] of this.controls) {
      const value = options[option];
      const known = [...select.options].some((item) => item.value === value && value !== "");
      select.value = known ? value : "";
      if (other) {
        other.value = known ? "" : value;
        other.hidden = other.label.hidden = known;
      }
    }
  }

  draw(answer) {
    const v = this.words.variants;
    const parts = [element("h3", null, this.say.differences)];
    if (answer.differences.length) {
      const list = element("ul");
      list.append(...answer.differences.map((phrase) => element("li", null, phrase)));
      parts.push(list);
    } else {
      parts.push(element("p", null, this.say.same));
    }
    parts.push(element("h3", null, this.say.match), this.table(
      [v.figure, v.standard, this.say.rules],
      answer.match.map((row) => [row.label, row.standard, row.value, row.differs]),
    ));
    parts.push(element("h3", null, this.say.examples));
    if (answer.examples.length) {
      parts.push(this.table([v.situation, v.standard, this.say.rules], answer.examples.map((row) => {
        const cell = document.createElement("td");
        const link = element("a", null, row.title);
        link.href = `../examples/#${row.example}`;
        cell.append(link, document.createElement("br"), row.situation);
        return [cell, row.standard, row.value, true];
      })));
    } else {
      parts.push(element("p", null, this.say.no_examples));
    }
    const address = addressOf(answer.variant);
    const link = element("a", "ba-rules__link", address);
    link.href = address;
    const line = element("p");
    line.append(link);
    parts.push(element("h3", null, this.say.link), line);
    this.result.replaceChildren(...parts);
  }

  /** A table: a head row of `heads`, and rows [first cell (text or a cell), standard, yours, differs]. */
  table(heads, rows) {
    const table = element("table", "ba-rules__table");
    const head = element("tr");
    head.append(...heads.map((text) => {
      const cell = element("th", null, text);
      cell.scope = "col";
      return cell;
    }));
    table.append(element("thead"), element("tbody"));
    table.tHead.append(head);
    for (const [first, standard, yours, differs] of rows) {
      const row = element("tr", differs ? "ba-rules__differs" : null);
      const cell = first instanceof Node ? first : element("td", null, first);
      row.append(cell, element("td", null, standard), element("td", null, yours));
      table.tBodies[0].append(row);
    }
    const wrap = element("div", "ba-rules__scroll");
    wrap.append(table);
    return wrap;
  }

  /** Make `kind` of the current mix with the printed documents' renderer and open it in a new tab. */
  async open(kind, status) {
    if (!this.variant) return;
    const tab = window.open("", "_blank"); // opened by the click itself, so not taken for a pop-up
    status.textContent = this.say.preparing;
    try {
      await this.engine.load("renderer");
      const html = await this.engine.call(DOCUMENT, kind, this.variant, keywords({ lang: this.words.lang, stylesheet: STYLES }));
      if (!tab) {
        status.textContent = this.say.blocked;
        return;
      }
      const url = URL.createObjectURL(new Blob([html], { type: "text/html" }));
      tab.location.href = url;
      await styled(tab, url);
      status.textContent = this.say.opened;
    } catch (error) {
      if (tab) tab.close();
      status.replaceChildren(refusalNode(error, this.words));
    }
  }
}

/** Once `tab` shows `url`: its data-style attributes (the renderer's style="", such as the pad's
 *  row count) applied through CSSOM, which the policy the document inherits allows where it
 *  refuses a style attribute. */
async function styled(tab, url) {
  for (let waited = 0; waited < 10000; waited += 50) {
    try {
      if (tab.document.URL === url && tab.document.readyState === "complete") {
        for (const node of tab.document.querySelectorAll("[data-style]")) node.style.cssText = node.dataset.style;
        return;
      }
    } catch {
      return; // not ours to reach: it prints with the stylesheet's defaults
    }
    await new Promise((done) => setTimeout(done, 50));
  }
}

export async function mount(view, { engine, words }) {
  const tool = new TableRules(view, engine, words);
  await tool.ask(addressed() ?? "standard", true);
}
