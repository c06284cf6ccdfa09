// The score calculator (scoring page): the hand size, the four bids in table order, each side's
// tricks and an established revoke give each side's score for the deal and the rule that decides
// it. The hand sizes and bids offered, the scores, the cases and their rules all come from the
// engine (deal_sizes, legal_bids, score_reasons, rule_address); this module only draws them.

import { cite, count, element, fill, labelled, number, refusalNode, seat, side } from "./common.js";
import { keywords } from "../engine/engine.js";

const SITE_ROOT = new URL("../../", import.meta.url);
const CLOCKWISE = ["N", "E", "S", "W"]; // the seats round the table, for the first bidder's buttons
const SIDES = ["NS", "EW"];

function fieldset(legend) {
  const set = element("fieldset", "ba-calc__group");
  set.append(element("legend", "", legend));
  return set;
}

let fields = 0;

/** A select with its label; its first option asks for a choice. */
function select(label, prompt) {
  const wrap = element("div", "ba-calc__field");
  const box = element("select");
  box.id = `ba-calc-${++fields}`;
  box.append(new Option(prompt, ""));
  const name = element("label", "ba-calc__label", label);
  name.htmlFor = box.id;
  wrap.append(name, box);
  return { wrap, box };
}

/** The options of `box`, keeping its present value (even one the new choices lack: the engine
 *  then says why it is refused, rather than the value vanishing). */
function offer(box, choices, prompt) {
  const kept = box.value;
  const options = [new Option(prompt, ""), ...choices.map(([value, text]) => new Option(text, value))];
  if (kept && !choices.some(([value]) => value === kept)) {
    options.push(new Option(kept, kept));
  }
  box.replaceChildren(...options);
  box.value = kept;
}

/** Toggle buttons in a group, one pressed at a time; `choose(value)` is told the new choice. */
function toggles(legend, choices, pressed, choose) {
  const set = fieldset(legend);
  const row = element("div", "ba-calc__toggles");
  const buttons = choices.map(([value, text]) => {
    const button = element("button", "md-button", text);
    button.type = "button";
    button.dataset.value = value;
    button.setAttribute("aria-pressed", String(value === pressed));
    button.addEventListener("click", () => {
      for (const other of buttons) other.setAttribute("aria-pressed", String(other === button));
      choose(value);
    });
    return button;
  });
  row.append(...buttons);
  set.append(row);
  return set;
}

export async function mount(view, { engine, words }) {
  const own = words.tool;
  const sizes = [...new Set(await engine.call("deal_sizes"))].sort((a, b) => b - a);
  const state = { first: "N", revoke: "" };
  const addresses = new Map();
  let asked = 0;

  const form = element("div", "ba-calc");
  const size = select(own.size, own.choose);
  offer(size.box, sizes.map((h) => [String(h), number(h, words)]), own.choose);

  const first = toggles(own.first, CLOCKWISE.map((s) => [s, seat(s, words)]), state.first, (value) => {
    state.first = value;
    orderBids();
    update();
  });

  const bidSet = fieldset(own.bids);
  const bidList = element("div", "ba-calc__bids");
  const bids = Object.fromEntries(CLOCKWISE.map((s) => [s, select(seat(s, words), own.choose)]));
  bidSet.append(bidList);

  const trickSet = fieldset(own.tricks);
  const tricks = Object.fromEntries(SIDES.map((s) => [s, select(side(s, words), own.choose)]));
  for (const s of SIDES) trickSet.append(tricks[s].wrap);

  const revoke = toggles(own.revoke, [["", own.no_revoke], ...SIDES.map((s) => [s, side(s, words)])], "",
    (value) => {
      state.revoke = value;
      update();
    });

  const result = element("div", "ba-calc__result");
  result.setAttribute("role", "status");
  result.setAttribute("aria-live", "polite");
  result.append(element("p", "ba-calc__hint", own.hint));

  form.append(size.wrap, first, bidSet, trickSet, revoke);
  view.replaceChildren(form, result);

  function orderBids() {
    const start = CLOCKWISE.indexOf(state.first);
    bidList.replaceChildren(...CLOCKWISE.map((_, i) => bids[CLOCKWISE[(start + i) % 4]].wrap));
  }

  function bidText(bid) {
    if (bid === "pass") return words.bids.pass;
    if (bid === "board") return own.board;
    return number(bid, words);
  }

  async function sizeChosen() {
    const h = Number(size.box.value);
    if (h) {
      const legal = await engine.call("legal_bids", h);
      for (const s of CLOCKWISE) offer(bids[s].box, legal.map((b) => [String(b), bidText(b)]), own.choose);
      const taken = Array.from({ length: h + 1 }, (_, n) => [String(n), number(n, words)]);
      for (const s of SIDES) offer(tricks[s].box, taken, own.choose);
    }
    update();
  }

  function bidValue(text) {
    return text === "pass" || text === "board" ? text : Number(text);
  }

  async function href(rule) {
    if (!addresses.has(rule)) addresses.set(rule, await engine.call("rule_address", rule, words.lang));
    return new URL(addresses.get(rule), SITE_ROOT).href;
  }

  async function update() {
    const mine = ++asked;
    const h = Number(size.box.value);
    const start = CLOCKWISE.indexOf(state.first);
    const order = CLOCKWISE.map((_, i) => CLOCKWISE[(start + i) % 4]);
    const chosen = order.map((s) => [s, bids[s].box.value]);
    const taken = SIDES.map((s) => tricks[s].box.value);
    if (!h || chosen.some(([, bid]) => !bid)) {
      result.replaceChildren(element("p", "ba-calc__hint", own.hint));
      return;
    }
    const complete = taken.every((t) => t !== "");
    const given = complete ? { NS: Number(taken[0]), EW: Number(taken[1]) } : null;
    let shown;
    try {
      const found = await engine.call("score_reasons", h, chosen.map(([s, bid]) => [s, bidValue(bid)]), given,
        keywords({ revoke: state.revoke || null }));
      shown = await scores(found, h);
    } catch (error) {
      shown = !complete && error.rule === "tricks" ? element("p", "ba-calc__hint", own.hint) : refusalNode(error, words);
    }
    if (mine === asked) result.replaceChildren(shown);
  }

  async function scores(found, h) {
    const list = element("ul", "ba-calc__scores");
    for (const s of SIDES) {
      const one = found[s];
      const item = element("li", "ba-calc__side");
      item.dataset.side = s;
      const head = element("p", "ba-calc__score");
      head.append(...labelled(element("strong", "", side(s, words)),
        element("span", "ba-calc__points", count(one.score, "points", words)), words));
      const message = fill(own.cases[one.case], {
        target: count(one.target, "tricks", words),
        tricks: count(one.tricks, "tricks", words),
        level: "\u00d7" + number(one.multiplier ?? 0, words),
        size: number(h, words),
      });
      const why = cite(element("p", "ba-calc__why"), { message, number: one.rule, href: await href(one.rule) }, words);
      item.append(head, why);
      list.append(item);
    }
    return list;
  }

  size.box.addEventListener("change", sizeChosen);
  for (const s of CLOCKWISE) bids[s].box.addEventListener("change", update);
  for (const s of SIDES) tricks[s].box.addEventListener("change", update);
  orderBids();
}
