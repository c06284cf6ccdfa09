// The scorekeeper (the score pad's page): an evening with real cards, entered deal by deal with
// buttons and kept in the browser. Every entry goes to the engine's scorecard_entry, which
// checks it, scores it and gives back the file `backalley scorecard` writes: that text is what
// this module saves (localStorage, one key per evening) and exports. No rule here: the bids
// offered, the scores, the dealer, the schedule and every refusal come from the engine.

import { keywords } from "../engine/engine.js";
import { count, fill, labelled, number, refusalNode, seat, side } from "./common.js";
import { keepOpen } from "./tools.js";

const STORE = "backalley.scorekeeper.";
const EVENING = STORE + "evening.";
const CURRENT = STORE + "current";
const BIDS = STORE + "bids."; // the bids of a deal not yet recorded, so that a reload keeps them
const SEATS = ["N", "E", "S", "W"];
const SIDES = ["NS", "EW"];

function element(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key === "on") node.addEventListener("click", value);
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

function button(text, on, props = {}) {
  return element("button", { type: "button", class: "md-button ba-keeper__button", text, on, ...props });
}

function group(label, ...children) {
  return element("div", { role: "group", "aria-label": label, class: "ba-keeper__group" },
    element("p", { class: "ba-keeper__ask", "aria-hidden": "true", text: label }), ...children);
}

// -- the evenings kept in this browser ------------------------------------------------------------

function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key, text) {
  try {
    localStorage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

function evenings() {
  const ids = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key.startsWith(EVENING)) ids.push(key.slice(EVENING.length));
    }
  } catch {
    // no storage: no evenings kept
  }
  return ids.sort().reverse();
}

function persist() {
  try {
    navigator.storage?.persist?.().catch(() => {});
  } catch {
    // nothing to ask where the browser has no such storage
  }
}

function download(text, name, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = element("a", { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The scorekeeper in `view`: the list of evenings, or the evening open. */
class Keeper {
  constructor(view, engine, words) {
    this.view = view;
    this.engine = engine;
    this.words = words;
    this.say = words.tool;
    this.live = element("p", { class: "ba-keeper__live ba-sr", role: "status", "aria-live": "polite" });
    this.echo = element("p", { class: "ba-keeper__echo", "aria-hidden": "true" });  // the same, in view
    this.body = element("div");
    view.replaceChildren(this.body, this.live);
  }

  tell(text) {
    this.live.textContent = text;
    this.echo.textContent = text;
  }

  entry(saved, action, values = {}) {
    return this.engine.call("scorecard_entry", saved, action, keywords(values));
  }

  date(id) {
    const when = new Date(id);
    const shown = Number.isNaN(when.getTime()) ? id
      : new Intl.DateTimeFormat(this.words.locale.replace("_", "-"), { dateStyle: "medium", timeStyle: "short" }).format(when);
    return fill(this.say.evening, { date: shown });
  }

  fileName(id, extension) {
    const when = new Date(id);
    const two = (n) => String(n).padStart(2, "0");
    const stamp = `${when.getFullYear()}-${two(when.getMonth() + 1)}-${two(when.getDate())}-${two(when.getHours())}${two(when.getMinutes())}`;
    return `backalley-scorecard-${stamp}.${extension}`;
  }

  async start() {
    const id = stored(CURRENT);
    if (id && stored(EVENING + id) !== null) await this.open(id, false);
    else await this.list();
  }

  // -- the list --------------------------------------------------------------------------------
  async list(message) {
    this.id = null;
    keepOpen("scorekeeper", false);
    try {
      localStorage.removeItem(CURRENT);
    } catch {
      // no storage: nothing was kept open
    }
    const rows = element("ul", { class: "ba-keeper__evenings" });
    const damaged = [];
    for (const id of evenings()) {
      const text = stored(EVENING + id);
      let state;
      try {
        state = (await this.entry(text, "show")).card;
      } catch (error) {
        damaged.push(this.damaged(id, text, error));
        continue;
      }
      const status = state.finished ? this.say.finished : this.say.in_progress;
      const standing = [count(state.deals_played, "deals", this.words),
        ...SIDES.map((code) => `${this.say.short[code]} ${number(state.totals[code], this.words)}`)].join(this.say.separator);
      rows.append(element("li", {},
        element("span", { class: "ba-keeper__name", text: `${this.date(id)} (${status})` }),
        element("span", { class: "ba-keeper__standing", text: standing }),
        button(this.say.open, () => this.open(id, true), { "aria-label": labelled(this.say.open, this.date(id), this.words) }),
        button(this.say.delete, () => this.remove(id), { "aria-label": labelled(this.say.delete, this.date(id), this.words) })));
    }
    const parts = [element("h3", { text: this.say.evenings, tabindex: "-1" })];
    parts.push(rows.children.length ? rows : damaged.length ? null : element("p", { text: this.say.none }));
    parts.push(...damaged, this.newForm(), this.importer());
    this.body.replaceChildren(...parts.filter(Boolean));
    if (message) this.tell(message);
  }

  damaged(id, text, error) {
    const box = element("div", { class: "ba-keeper__damaged" },
      element("p", { text: fill(this.say.damaged, { evening: this.date(id) }) }),
      refusalNode(error, this.words));
    box.append(button(this.say.export_raw, () => download(text, this.fileName(id, "txt"), "text/plain")),
      button(this.say.delete, () => this.remove(id), { "aria-label": labelled(this.say.delete, this.date(id), this.words) }));
    return box;
  }

  remove(id) {
    if (!window.confirm(fill(this.say.confirm_delete, { evening: this.date(id) }))) return;
    try {
      localStorage.removeItem(EVENING + id);
      localStorage.removeItem(BIDS + id);
      if (stored(CURRENT) === id) localStorage.removeItem(CURRENT);
    } catch {
      // storage refused: the evening stays listed
    }
    this.list(fill(this.say.deleted, { evening: this.date(id) }));
  }

  newForm() {
    const choice = { preset: "standard", dealer: "N", house: {} };
    const form = element("section", { class: "ba-keeper__new", "aria-labelledby": "ba-keeper-new" },
      element("h3", { id: "ba-keeper-new", text: this.say.new }));
    const presets = Object.keys(this.words.preset_names);
    const houseRules = element("div", { class: "ba-keeper__house", hidden: "" });
    const pressing = (buttons, chosen) => buttons.forEach((b) => b.setAttribute("aria-pressed", String(b === chosen)));
    const presetButtons = [];
    for (const name of [...presets, "house"]) {
      const b = button(name === "house" ? this.say.house : this.words.preset_names[name], () => {
        choice.preset = name;
        pressing(presetButtons, b);
        houseRules.hidden = name !== "house";
      }, { "aria-pressed": String(name === "standard") });
      presetButtons.push(b);
    }
    form.append(group(this.say.rules, ...presetButtons));
    for (const rule of this.words.house_rules) {
      const id = `ba-keeper-${rule.option}`;
      const select = element("select", { id });
      for (const option of rule.choices) {
        const item = element("option", { value: option.value, text: option.text });
        if (option.value === rule.standard) item.selected = true;
        select.append(item);
      }
      select.addEventListener("change", () => {
        if (select.value === rule.standard) delete choice.house[rule.option];
        else choice.house[rule.option] = select.value;
      });
      houseRules.append(element("label", { for: id, text: rule.ask }), select);
    }
    form.append(houseRules);
    const dealerButtons = SEATS.map((code) => {
      const b = button(seat(code, this.words), () => {
        choice.dealer = code;
        pressing(dealerButtons, b);
      }, { "aria-pressed": String(code === "N") });
      return b;
    });
    form.append(group(this.say.first_dealer, ...dealerButtons));
    const said = element("div", { class: "ba-keeper__said" });
    form.append(said, button(this.say.begin, async () => {
      const variant = choice.preset !== "house" ? choice.preset
        : ["standard", ...Object.entries(choice.house).map(([o, v]) => `${o}=${v}`)].join(",");
      try {
        const result = await this.entry(null, "new", { variant, dealer: choice.dealer });
        const id = new Date().toISOString();
        persist();
        await this.save(id, result);
        this.show(id, result, fill(this.say.started, { evening: this.date(id) }));
      } catch (error) {
        said.replaceChildren(refusalNode(error, this.words));
      }
    }, { class: "md-button md-button--primary ba-keeper__button" }));
    return form;
  }

  importer() {
    const id = "ba-keeper-import";
    const input = element("input", { type: "file", id, accept: ".json,application/json" });
    const said = element("div", { class: "ba-keeper__said" });
    input.addEventListener("change", async () => {
      const file = input.files[0];
      if (!file) return;
      const text = await file.text();
      input.value = "";
      try {
        const result = await this.entry(text, "show");
        const when = new Date().toISOString();
        await this.save(when, result);
        this.show(when, result, fill(this.say.imported, { evening: this.date(when) }));
      } catch (error) {
        said.replaceChildren(refusalNode(error, this.words));
      }
    });
    return element("section", { class: "ba-keeper__import" },
      element("label", { for: id, text: this.say.import }), input, said);
  }

  // -- an evening ------------------------------------------------------------------------------
  async open(id, asked) {
    const text = stored(EVENING + id);
    try {
      const result = await this.entry(text, "show");
      this.show(id, result, asked ? fill(this.say.opened, { evening: this.date(id) }) : "");
    } catch (error) {
      await this.list();
      this.tell(fill(this.say.damaged, { evening: this.date(id) }));
    }
  }

  async save(id, result) {
    store(EVENING + id, result.file);
    store(CURRENT, id);
    keepOpen("scorekeeper", !result.card.finished);
  }

  show(id, result, message) {
    this.id = id;
    this.result = result;
    this.bids = this.pendingBids();
    keepOpen("scorekeeper", !result.card.finished);
    this.draw();
    if (message) this.tell(message);
  }

  /** The bids entered for the next deal before a reload: kept only for the deal they were made
   *  in (the number of rows then), and only as many as a deal has. */
  pendingBids() {
    try {
      const kept = JSON.parse(stored(BIDS + this.id));
      return kept.rows === this.result.card.rows.length && !this.result.card.needs_tiebreak ? kept.bids.slice(0, 4) : [];
    } catch {
      return [];
    }
  }

  setBids(bids) {
    this.bids = bids;
    if (bids.length) {
      store(BIDS + this.id, JSON.stringify({ rows: this.result.card.rows.length, bids }));
      return;
    }
    try {
      localStorage.removeItem(BIDS + this.id);
    } catch {
      // storage refused: nothing was kept
    }
  }

  async enter(action, values, message) {
    try {
      const result = await this.entry(this.result.file, action, values);
      await this.save(this.id, result);
      this.result = result;
      this.setBids([]);
      this.draw();
      this.tell(message(result.card));
    } catch (error) {
      this.said.replaceChildren(refusalNode(error, this.words));
      this.tell("");
    }
  }

  draw() {
    const card = this.result.card;
    const heading = element("h3", { text: this.date(this.id), tabindex: "-1" });
    const rules = this.words.preset_names[card.variant] ?? `${this.say.house} (${card.variant})`;
    this.said = element("div", { class: "ba-keeper__said" });
    const parts = [heading, element("p", { class: "ba-keeper__rules", text: fill(this.say.playing, { rules }) }),
      this.nextDeal(card), this.echo, this.said, this.entryForm(card), this.sheet(card), this.actions()];
    this.body.replaceChildren(...parts.filter(Boolean));
    const first = this.body.querySelector(".ba-keeper__entry button");
    (first ?? heading).focus();
  }

  nextDeal(card) {
    if (card.finished) {
      const result = card.winner ? fill(this.say.winner, { side: side(card.winner, this.words) }) : this.say.draw;
      return element("p", { class: "ba-keeper__next", text: result });
    }
    const deal = card.next_deal;
    const fields = { number: number(deal.number, this.words), cards: count(deal.hand_size, "cards", this.words),
      dealer: seat(deal.dealer, this.words) };
    return element("p", { class: "ba-keeper__next", text: fill(card.needs_tiebreak ? this.say.tiebreak_deal : this.say.deal, fields) });
  }

  bidText(bid) {
    if (bid === "pass") return this.words.bids.pass;
    if (bid === "board") return this.say.board;
    return number(bid, this.words);
  }

  entryForm(card) {
    const entry = element("div", { class: "ba-keeper__entry" });
    if (card.finished) return null;
    const deal = card.next_deal;
    if (card.needs_tiebreak) {
      entry.append(this.tricks(deal.hand_size, (ns) => this.enter("tiebreak", { tricks: ns },
        () => this.say.tiebreak_done)));
    } else if (this.bids.length < 4) {
      const bidder = deal.bidders[this.bids.length];
      entry.append(group(fill(this.say.bids_of, { seat: seat(bidder, this.words) }),
        ...this.result.bids.map((bid) => button(this.bidText(bid), () => {
          this.setBids([...this.bids, bid]);
          this.draw();
          this.tell(fill(this.say.bid_made, { seat: seat(bidder, this.words), bid: this.bidText(bid) }));
        }))));
      if (!this.bids.length) {
        entry.append(button(this.say.thrown, () => this.enter("throw-in", {},
          (c) => fill(this.say.thrown_done, { number: number(c.rows.at(-1).number, this.words) }))));
      }
    } else {
      entry.append(this.tricks(deal.hand_size, (ns) => this.enter("add", { bids: this.bids, tricks: ns },
        (c) => this.recorded(c.rows.at(-1)))));
    }
    if (this.bids.length) {
      entry.append(element("p", { class: "ba-keeper__bids", text: fill(this.say.bids_so_far, {
        bids: this.bids.map((bid, i) => fill(this.say.seat_bid, { seat: seat(deal.bidders[i], this.words), bid: this.bidText(bid) }))
          .join(this.say.separator) }) }));
    }
    entry.append(group(this.say.corrections, button(this.say.undo, () => this.undo())));
    const revoke = element("details", { class: "ba-keeper__revoke" }, element("summary", { text: this.say.revoke }));
    revoke.append(element("div", { role: "group", "aria-label": this.say.revoke, class: "ba-keeper__group" }, ...SIDES.map((code) => button(side(code, this.words), () => this.enter("revoke", { revoke: code },
      (c) => fill(this.say.revoke_done, { side: side(code, this.words), number: number(c.rows.at(-1).number, this.words) }))))));
    entry.append(revoke);
    return entry;
  }

  tricks(size, enter) {
    const choices = Array.from({ length: size + 1 }, (_, ns) => button(number(ns, this.words), () => enter(ns)));
    return group(fill(this.say.tricks_of, { side: side("NS", this.words) }), ...choices);
  }

  undo() {
    if (this.bids.length) {
      this.setBids(this.bids.slice(0, -1));
      this.draw();
      this.tell(this.say.undone);
      return;
    }
    this.enter("undo", {}, () => this.say.undone);
  }

  recorded(row) {
    const w = this.words;
    return fill(this.say.recorded, { number: number(row.number, w), side_ns: side("NS", w), side_ew: side("EW", w),
      total_ns: number(row.totals.NS, w), total_ew: number(row.totals.EW, w) });
  }

  sheet(card) {
    const w = this.words;
    const table = element("table", { class: "ba-keeper__sheet" }, element("caption", { text: this.say.sheet }));
    const heading = (words, code) => {  // the side's short name kept on one line
      const [before, after] = words.split("{side}");
      return element("th", { scope: "col" }, before, element("span", { class: "ba-keeper__side", text: this.say.short[code] }), after);
    };
    const head = element("tr", {}, element("th", { scope: "col", text: this.say.col_deal }),
      ...SIDES.map((code) => heading(this.say.col_score, code)), ...SIDES.map((code) => heading(this.say.col_total, code)));
    const body = element("tbody");
    for (const row of card.rows) {
      const cells = row.thrown_in
        ? [element("td", { colspan: "2", text: this.say.thrown_short })]
        : SIDES.map((code) => element("td", { text: number(row.score[code], w) }));
      body.append(element("tr", {}, element("th", { scope: "row", text: number(row.number, w) }), ...cells,
        ...SIDES.map((code) => element("td", { text: number(row.totals[code], w) }))));
      body.append(element("tr", { class: "ba-keeper__detail" }, element("td", { colspan: "5", text: this.detail(row) })));
    }
    const foot = element("tfoot", {}, element("tr", {}, element("th", { scope: "row", colspan: "3", text: this.say.totals }),
      ...SIDES.map((code) => element("td", { text: number(card.totals[code], w) }))));
    table.append(element("thead", {}, head), body, foot);
    const parts = [table];
    if (card.tiebreak) {
      parts.push(element("p", { text: fill(this.say.tiebreak_tricks, { tricks: this.trickWords(card.tiebreak) }) }));
    }
    return element("div", { class: "ba-keeper__sheetbox" }, ...parts);
  }

  trickWords(tricks) {
    return SIDES.map((code) => fill(this.say.side_tricks, { side: side(code, this.words), tricks: count(tricks[code], "tricks", this.words) }))
      .join(this.say.separator);
  }

  detail(row) {
    const w = this.words;
    const fields = { cards: count(row.hand_size, "cards", w), dealer: seat(row.dealer, w) };
    if (row.thrown_in) return fill(this.say.detail_thrown, fields);
    const bids = row.bids.map(({ seat: code, bid }) => fill(this.say.seat_bid, { seat: seat(code, w), bid: this.bidText(bid) }));
    let text = fill(this.say.detail, { ...fields, bids: bids.join(this.say.separator), tricks: this.trickWords(row.tricks) });
    if (row.revoke) text += " " + fill(this.say.revoked, { side: side(row.revoke, w) });
    return text;
  }

  actions() {
    const { file, csv } = this.result;
    return group(this.say.actions,
      button(this.say.export_json, () => download(file, this.fileName(this.id, "json"), "application/json")),
      button(this.say.export_csv, () => download(csv, this.fileName(this.id, "csv"), "text/csv")),
      button(this.say.all, () => this.list()));
  }
}

export async function mount(view, { engine, words }) {
  await new Keeper(view, engine, words).start();
}
