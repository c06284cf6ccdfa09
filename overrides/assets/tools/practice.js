// The practice table (play page): the reader sits South, the engine's computer players the other
// seats. A practice is (variant, seed, South's moves); every call asks backalley.practice for the
// whole view again, so a reload, a shared link (#seed=…&variant=…&size=…) or taking back a move
// is only another call. Legal bids, playable cards, refusals, scores, their sums and the hint all
// come from the engine; this module draws them, announces the computer players' moves one by one
// after a move of the reader's (no delay under prefers-reduced-motion; a reload or a take-back
// lists them at once) and keeps the practice in localStorage.

import { button, cardNode, cite, count, element, fill, fillCard, group, labelled, number, refusalNode, seat, side, spoken } from "./common.js";
import { keywords } from "../engine/engine.js";
import { keepOpen } from "./tools.js";

const KEY = "backalley.practice";
const SEATS = ["N", "E", "S", "W"]; // clockwise: the order a screen reader hears the trick in
const SIDES = ["NS", "EW"];
const DELAY = 450;

function saved() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "null");
  } catch {
    return null;
  }
}

function linked() {
  const found = new URLSearchParams(location.hash.slice(1));
  if (!found.has("seed")) return null;
  return { variant: found.get("variant") || "standard", seed: found.get("seed"), match: found.get("game") === "match",
    size: found.get("size"), moves: [] };
}

export async function mount(view, { engine, words }) {
  const own = words.tool;
  const EACH = "cards_each" in words.plural ? "cards_each" : "cards"; // Russian: "по 1 карте"
  const still = matchMedia("(prefers-reduced-motion: reduce)");
  let game = linked() || saved();
  let shown = null;        // the last view drawn
  let announcing = null;   // {moves, seen}: computer moves still being announced
  let busy = Promise.resolve();

  // Setup: rules, a whole match or one deal, cards each, then deal.
  const setup = element("form", "ba-practice__setup");
  const presets = element("select");
  presets.id = "ba-practice-rules";
  for (const [name, text] of Object.entries(words.preset_names)) {
    const option = element("option", "", text);
    option.value = name;
    presets.append(option);
  }
  const kind = element("select");
  kind.id = "ba-practice-game";
  for (const [value, text] of [["single", own.single], ["match", own.whole]]) {
    const option = element("option", "", text);
    option.value = value;
    kind.append(option);
  }
  const size = element("select");
  size.id = "ba-practice-size";
  const sizes = [...new Set(await engine.call("deal_sizes", "standard"))].sort((a, b) => a - b);
  for (const h of sizes) {
    const option = element("option", "", count(h, "cards", words));
    option.value = String(h);
    size.append(option);
  }
  const field = (label, input) => {
    const wrap = element("p", "ba-practice__field");
    const text = element("label", "", label);
    text.htmlFor = input.id;
    wrap.append(text, input);
    return wrap;
  };
  const sizeField = field(own.size, size);
  const deal = element("button", "md-button md-button--primary", own.deal);
  deal.type = "submit";
  setup.append(field(own.rules, presets), field(own.game, kind), sizeField, deal);
  const chosen = () => ({ variant: presets.value, match: kind.value === "match",
    size: kind.value === "match" ? null : size.value });
  // A change of the setup deals at once while no move is made (the same seed: the link's cards at
  // the new settings); after a move, the button says it deals with the settings chosen.
  for (const input of [presets, kind, size]) {
    input.addEventListener("change", () => {
      sizeField.hidden = kind.value === "match";
      if (!game || !game.moves.length) start({ ...chosen(), seed: game ? game.seed : null, moves: [] });
      else deal.textContent = own.deal_changed;
    });
  }
  setup.addEventListener("submit", (event) => {
    event.preventDefault();
    start({ ...chosen(), seed: null, moves: [] });
  });

  const status = element("p", "ba-practice__status", own.loading);
  const table = element("div", "ba-practice__table");
  const log = element("div", "ba-practice__log");
  log.setAttribute("role", "log");
  log.setAttribute("aria-live", "polite");
  const said = element("div", "ba-practice__said");
  said.setAttribute("role", "status");
  said.setAttribute("aria-live", "assertive");
  const hand = element("div", "ba-practice__hand");
  const choices = element("div", "ba-practice__choices");
  const after = element("div", "ba-practice__after");
  const tools = element("div", "ba-practice__tools");
  const takeBack = button(own.take_back, () => run(async () => {
    if (!game.moves.length) return;
    game.moves.pop();
    await refresh(false);
    said.replaceChildren(element("p", "", own.taken_back));
  }));
  const link = element("a", "ba-practice__link", own.link);
  tools.append(takeBack, link);
  const hintBox = element("div", "ba-practice__hint");
  hintBox.setAttribute("aria-live", "polite");
  view.replaceChildren(setup, status, table, said, choices, hintBox, hand, log, after, tools);

  function remember() {
    try {
      localStorage.setItem(KEY, JSON.stringify(game));
    } catch {
      // a private window: the practice is not kept
    }
    keepOpen("practice", Boolean(shown && !shown.finished));
  }

  function run(task) {
    busy = busy.then(task, task);
    return busy;
  }

  function ask(moves, seen = null, hint = false) {
    return engine.call("practice", game.variant, game.seed, moves,
      keywords({ hand_size: game.match ? null : game.size, match: game.match, hint, seen }));
  }

  async function start(practice, announce = true) {
    game = practice;
    status.textContent = own.loading;
    log.replaceChildren();
    said.replaceChildren();
    after.replaceChildren();
    await run(() => refresh(announce));
  }

  /** Ask for the view after game.moves, draw it, and announce the computer players' moves (or,
   *  without `announce`, list them at once in the log, after the reader's last move). */
  async function refresh(announce) {
    let found;
    try {
      found = await ask(game.moves);
    } catch (error) {
      said.replaceChildren(refusalNode(error, words));
      if (!shown) game = null;
      return;
    }
    game.seed = found.seed;
    shown = found;
    remember();
    presets.value = found.variant in words.preset_names ? found.variant : presets.value;
    kind.value = found.match ? "match" : "single";
    sizeField.hidden = found.match;
    if (!found.match) size.value = game.size = String(game.size ?? found.hand_size);
    deal.textContent = own.deal;
    link.href = "#" + new URLSearchParams({ seed: found.seed, variant: game.variant,
      ...(found.match ? { game: "match" } : { size: String(found.hand_size) }) });
    if (announce && found.computer.length) await announceMoves(found);
    else log.replaceChildren(...logged(game.moves.at(-1), found.computer));
    await draw(found);
    view.dataset.moves = String(game.moves.length); // what is drawn: the moves it answers
  }

  async function announceMoves(found) {
    announcing = { moves: [...game.moves], seen: 0 };
    const mine = announcing;
    for (const move of found.computer) {
      if (announcing !== mine) return;
      if (!still.matches) {
        status.textContent = fill(own.thinking, { seat: seat(move.seat, words) });
        await new Promise((resolve) => setTimeout(resolve, DELAY));
      }
      if (announcing !== mine) return;
      log.append(moveLine(move.seat, "card" in move ? move.card : move.bid));
      mine.seen += 1;
    }
    announcing = null;
  }

  /** A move as the log says it: "West plays the queen of spades.", "North bids 2.", "East passes." */
  function moveLine(who, value) {
    const fields = { seat: seat(who, words) };
    if (value === "pass") return element("p", "", fill(own.passed, fields));
    if (value === "board") return element("p", "", fill(own.board_made, { ...fields, bid: own.board }));
    if (typeof value === "string") return element("p", "", fillCard(own.played, value, fields, words));
    return element("p", "", fill(own.bid_made, { ...fields, bid: number(value, words) }));
  }

  /** The log as the view gives it: the reader's last move, then the computer players' since. */
  function logged(last, computer) {
    const lines = last === undefined ? [] : [moveLine("S", last)];
    return lines.concat(computer.map((move) => moveLine(move.seat, "card" in move ? move.card : move.bid)));
  }

  function bidText(bid) {
    if (bid === "pass") return words.bids.pass;
    if (bid === "board") return own.board;
    return number(bid, words);
  }

  async function move(value) {
    const seen = announcing ? announcing.seen : null;
    const moves = [...game.moves, value];
    try {
      await ask(moves, seen);
    } catch (error) {
      said.replaceChildren(refusalNode(error, words));
      return;
    }
    announcing = null;
    game.moves = moves;
    said.replaceChildren();
    log.replaceChildren(moveLine("S", value));
    await run(() => refresh(true));
  }

  /** The engine's estimate of the hand South is to bid with, shown once asked (not kept). */
  async function askHint() {
    const now = shown;
    hintBox.replaceChildren(element("p", "ba-practice__wait", own.hint_wait));
    let found;
    try {
      found = (await ask(game.moves, null, true)).hint;
    } catch (error) {
      hintBox.replaceChildren(refusalNode(error, words));
      return;
    }
    if (shown !== now) return;
    if (!found) {
      hintBox.replaceChildren(element("p", "", own.no_hint));
      return;
    }
    hintBox.replaceChildren(
      element("p", "", fill(own.hint, { samples: number(found.samples, words), expected: count(found.expected, "tricks", words),
        low: number(found.low, words), high: number(found.high, words) })),
      element("p", "", fill(own.thumb, { value: count(found.thumb, "tricks", words) })));
  }

  function draw(now) {
    if (!now) return undefined;
    const done = now.deals_done.at(-1);
    const text = fill(now.match ? own.deal_of : own.deal_single, {
      number: number(now.finished ? done.number : now.scheduled + 1, words), deals: number(now.deals, words),
      cards: count(now.hand_size, EACH, words), dealer: seat(now.dealer, words) });
    status.textContent = now.phase === "bid" ? text + " " + fill(own.bids_first, { seat: seat(now.first_bidder, words) })
      : text;
    hintBox.replaceChildren();
    takeBack.disabled = !game.moves.length;
    drawTable(now);
    drawChoices(now);
    drawHand(now);
    return drawAfter(now);
  }

  function drawTable(now) {
    const parts = [];
    if (now.turned.length) {
      const turned = element("p", "ba-practice__turned");
      const cards = element("span");
      now.turned.forEach((card, i) => cards.append(...(i ? [" "] : []), cardNode(card, words)));
      turned.append(...labelled(own.turned, cards, words));
      parts.push(turned);
    }
    parts.push(element("p", "ba-practice__trumps", now.trump
      ? labelled(own.trumps, words.suits[now.trump], words) : own.no_trumps));
    const bids = element("ul", "ba-practice__bids");
    bids.setAttribute("aria-label", own.bids);
    for (const { seat: s, bid } of now.bids) bids.append(element("li", "", labelled(seat(s, words), bidText(bid), words)));
    if (now.bids.length) parts.push(element("p", "ba-practice__title", own.bids), bids);
    for (const { who, total } of now.overbids) {
      parts.push(element("p", "ba-practice__warning", fill(own.overbid, {
        who: who === "table" ? own.table : side(who, words), tricks: count(total, "tricks", words),
        size: number(now.hand_size, words) })));
    }
    if (now.phase === "play" || (now.phase === "over" && now.tiebreak)) {
      const score = element("ul", "ba-practice__taken");
      for (const s of SIDES) {
        const c = now.contracts[s];
        score.append(element("li", "", fill(c.multiplier ? own.taken_board : own.taken, {
          side: side(s, words), taken: count(now.tricks_won[s], "tricks_taken", words),
          target: count(c.target, "tricks", words), level: "\u00d7" + number(c.multiplier ?? 0, words) })));
      }
      parts.push(score);
      parts.push(element("p", "", now.trumps_broken ? own.broken : own.not_broken));
      if (now.constraint && own.constraints[now.constraint]) {
        parts.push(element("p", "ba-practice__constraint", own.constraints[now.constraint]));
      }
      if (now.trick.length) {
        parts.push(element("p", "ba-practice__title", fill(own.trick, { seat: seat(now.leader, words) })),
          trickPicture(now.trick));
      } else if (now.leader) {
        const first = now.tricks_won.NS + now.tricks_won.EW === 0;
        parts.push(element("p", "ba-practice__title", fill(first ? own.leads_first : own.leads,
          { seat: seat(now.leader, words) })));
      }
      if (now.last_trick) { // rule 5.8: open until the next card is played
        parts.push(element("p", "ba-practice__title", fill(own.last_trick, { seat: seat(now.last_trick.winner, words) })),
          trickPicture(now.last_trick.cards));
      }
    }
    table.replaceChildren(...parts);
  }

  /** A trick as a small picture of the table: North at the top, South at the bottom, West and
   *  East at the sides; each seat named, in clockwise order for a screen reader. */
  function trickPicture(plays) {
    const picture = element("ul", "ba-practice__seats");
    for (const s of SEATS) {
      const play = plays.find((one) => one.seat === s);
      const place = element("li", `ba-practice__seat ba-practice__seat--${s}`);
      place.append(element("span", "ba-practice__who", seat(s, words)), " ",
        play ? cardNode(play.card, words) : element("span", "ba-practice__none", own.waiting));
      picture.append(place);
    }
    return picture;
  }

  function cardsList(plays) {
    const list = element("ul", "ba-practice__played");
    for (const { seat: s, card } of plays) {
      const item = element("li");
      item.append(...labelled(element("span", "", seat(s, words)), cardNode(card, words), words));
      list.append(item);
    }
    return list;
  }

  function drawChoices(now) {
    choices.replaceChildren();
    if (now.phase !== "bid" || now.to_act !== "S") return;
    const bids = group(own.your_bid, "ba-practice__bidding");
    bids.append(element("p", "ba-practice__title", own.your_bid));
    for (const bid of now.legal_bids) bids.append(button(bidText(bid), () => move(bid)));
    choices.append(bids, button(own.hint_show, askHint, "md-button ba-practice__ask"));
  }

  function drawHand(now) {
    if (!now.hand.length) {
      hand.replaceChildren();
      return;
    }
    const cards = group(own.your_hand, "ba-practice__cards");
    const playing = now.phase === "play" && now.to_act === "S";
    const prompt = playing ? own.your_turn : own.your_hand;
    for (const { card, playable } of now.hand) {
      const dim = playing && !playable;
      const node = button("", () => move(card), "md-button ba-practice__card" + (dim ? " ba-practice__card--dim" : ""));
      node.append(cardNode(card, words));
      node.setAttribute("aria-label", dim ? fill(own.dimmed, { card: spoken(card, words) }) : spoken(card, words));
      cards.append(node);
    }
    hand.replaceChildren(element("p", "ba-practice__title", prompt), cards);
  }

  async function drawAfter(now) {
    const parts = [];
    const done = now.deals_done.at(-1);
    const fresh = done && (now.finished || !now.bids.some((bid) => bid.seat === "S"));
    if (fresh && done.thrown_in) {
      const rule = done.reasons.NS.rule;
      parts.push(cite(element("p", "ba-practice__thrown"), { message: fill(own.thrown_in, {
        dealer: seat(now.dealer, words), cards: count(now.hand_size, EACH, words) }), number: rule,
      address: await ruleAddress(rule) }, words));
    } else if (fresh) {
      parts.push(await doneBox(now, done));
    }
    if (now.finished) {
      if (now.match) { // a single deal has its scores, not a winner of a match
        parts.push(element("p", "ba-practice__end", now.winner ? fill(own.winner, { side: side(now.winner, words) })
          : own.draw));
      }
      parts.push(button(own.again, () => start({ ...chosen(), seed: null, moves: [] }), "md-button md-button--primary"));
    }
    after.replaceChildren(...parts);
  }

  /** A deal played: its dealer, each side's score with its sum and case, the totals of a match,
   *  the deal trick by trick, and the next deal. */
  async function doneBox(now, done) {
    const box = element("section", "ba-practice__done");
    box.append(element("h2", "", now.match ? fill(own.deal_over, { number: number(done.number, words),
      deals: number(now.deals, words) }) : own.deal_over_single));
    box.append(element("p", "", fill(own.dealt, { dealer: seat(done.dealer, words),
      cards: count(done.hand_size, EACH, words) })));
    for (const s of SIDES) {
      const one = done.reasons[s];
      const points = count(one.score, "points", words);
      const sum = done.sums[s];
      const line = element("p", "ba-practice__score");
      line.append(...labelled(element("strong", "", side(s, words)), sum ? fill(own.score_sum, { points,
        sum: sum.map((term) => (typeof term === "number" ? number(term, words) : term)).join("\u00a0") }) : points, words));
      const why = fill(words.cases[one.case], { target: count(one.target, "tricks", words),
        tricks: count(one.tricks, "tricks", words), level: "\u00d7" + number(one.multiplier ?? 0, words),
        size: number(done.hand_size, words) });
      box.append(line, cite(element("p", "ba-practice__why"), { message: why, number: one.rule,
        address: await ruleAddress(one.rule) }, words));
    }
    if (now.match) {
      box.append(element("p", "", fill(own.totals, { ns: side("NS", words), ew: side("EW", words),
        total_ns: number(now.totals.NS, words), total_ew: number(now.totals.EW, words) })));
    }
    const replay = element("details", "ba-practice__replay");
    replay.append(element("summary", "", own.replay));
    done.tricks.forEach((trick, i) => {
      replay.append(element("p", "ba-practice__title", fill(own.trick_number,
        { number: number(i + 1, words), seat: seat(trick.winner, words) })), cardsList(trick.cards));
    });
    box.append(replay);
    if (!now.finished) {
      box.append(element("p", "", fill(own.next, { cards: count(now.hand_size, EACH, words),
        dealer: seat(now.dealer, words) })));
    }
    return box;
  }

  const addresses = new Map();
  async function ruleAddress(rule) {
    if (!addresses.has(rule)) addresses.set(rule, await engine.call("rule_address", rule, words.lang));
    return addresses.get(rule);
  }

  // a reload or a link draws the practice at once: no computer player "is choosing" what is known
  await start(game || { variant: "standard", seed: null, match: false, size: null, moves: [] }, false);
  if (location.hash.includes("seed=")) history.replaceState(null, "", location.pathname + location.search);
}
