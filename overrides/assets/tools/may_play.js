// "May I play this?" (tricks page): trumps, the cards already in the trick, whether trumps are
// broken, whether you bid board and your hand give every card of the hand marked playable or not,
// each refused card with its reason and rule, as `backalley explain` gives them: the same engine
// function, check_play, asked for each card. Cards are entered by tapping a suit, then ranks; the
// engine refuses a card entered twice (and anything else a position cannot hold), and then the
// position stays as it was.

import { button, cardNode, cardText, cite, element, fill, group, refusalNode, spoken } from "./common.js";
import { keywords } from "../engine/engine.js";

const SUITS = ["S", "H", "D", "C"];
const RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]; // the keypad, high to low
const JOKERS = ["BIG", "LITTLE"];

function press(buttons, chosen) {
  for (const [value, node] of buttons) node.setAttribute("aria-pressed", String(value === chosen));
}

export async function mount(view, { engine, words }) {
  const own = words.tool;
  const state = { trump: undefined, trick: [], hand: [], broken: false, board: false, target: "hand", suit: "S" };
  let queue = Promise.resolve();

  // Trumps: a suit, or none.
  const trumpRow = group(own.trump, "ba-may__toggles");
  const trumpButtons = new Map([...SUITS, "NT"].map((value) => {
    const text = value === "NT" ? own.no_trump : cardText("2" + value, words).slice(1);
    const node = button(text, () => change(() => ({ trump: value === "NT" ? null : value })));
    if (value !== "NT") node.setAttribute("aria-label", words.suits[value]);
    return [value === "NT" ? null : value, node];
  }));
  trumpRow.append(element("span", "ba-may__label", own.trump), ...trumpButtons.values());

  // Trumps broken, board bid: two toggles.
  const flags = group(own.situation, "ba-may__toggles");
  const broken = button(own.broken, () => change((now) => ({ broken: !now.broken })));
  const board = button(own.board, () => change((now) => ({ board: !now.board })));
  flags.append(broken, board);

  // Where the next card goes, the suit, then the ranks (and the jokers).
  const targetRow = group(own.adding, "ba-may__toggles");
  const targetButtons = new Map([["trick", own.to_trick], ["hand", own.to_hand]].map(([value, text]) =>
    [value, button(text, () => { state.target = value; draw(); })]));
  targetRow.append(element("span", "ba-may__label", own.adding), ...targetButtons.values());
  const suitRow = group(own.suit, "ba-may__pad");
  const suitButtons = new Map(SUITS.map((s) => {
    const node = button(cardText("2" + s, words).slice(1), () => { state.suit = s; draw(); drawRanks(); },
      "md-button" + ("HD".includes(s) ? " ba-red" : ""));
    node.setAttribute("aria-label", words.suits[s]);
    return [s, node];
  }));
  suitRow.append(...suitButtons.values());
  const rankRow = group(own.card, "ba-may__pad");

  // The position: the trick so far and the hand, each card a button that takes it out again.
  const trickBox = element("div", "ba-may__cards");
  const handBox = element("div", "ba-may__cards");
  const clear = element("div", "ba-may__toggles");
  clear.append(button(own.clear_trick, () => change(() => ({ trick: [] }))), button(own.clear_hand, () => change(() => ({ hand: [] }))));

  const result = element("div", "ba-may__result");
  result.setAttribute("role", "status");
  result.setAttribute("aria-live", "polite");

  // The position and the verdicts first, the keys to enter cards after: on a phone the answer
  // sits under the hand, not below the keys.
  const entry = element("div", "ba-may__entry");
  entry.append(flags, trickBox, handBox);
  const keys = element("div", "ba-may__entry");
  keys.append(targetRow, suitRow, rankRow, clear);
  view.replaceChildren(trumpRow, entry, result, keys);

  function add(card) {
    const where = state.target;
    change((now) => ({ [where]: [...now[where], card] }));
  }

  function take(where, card) {
    change((now) => ({ [where]: now[where].filter((c) => c !== card) }));
  }

  function cardsBox(box, title, cards, where, empty, marks = new Map()) {
    const heading = element("p", "ba-may__title", title);
    const list = element("ul", "ba-may__list");
    for (const card of cards) {
      const item = element("li");
      const node = button("", () => take(where, card), "md-button ba-may__card");
      node.append(cardNode(card, words));
      if (marks.has(card)) {  // the verdict at a glance; in words in the list below
        const mark = element("span", "ba-may__mark " + (marks.get(card) ? "ba-may__mark--no" : "ba-may__mark--yes"),
          marks.get(card) ? "\u2717" : "\u2713");
        mark.setAttribute("aria-hidden", "true");
        node.append(mark);
      }
      node.setAttribute("aria-label", fill(own.remove, { card: spoken(card, words) }));
      item.append(node);
      list.append(item);
    }
    box.replaceChildren(heading, cards.length ? list : element("p", "ba-may__empty", empty));
  }

  function draw() {
    press(trumpButtons, state.trump);
    broken.setAttribute("aria-pressed", String(state.broken));
    board.setAttribute("aria-pressed", String(state.board));
    press(targetButtons, state.target);
    press(suitButtons, state.suit);
    entry.hidden = keys.hidden = state.trump === undefined;
    cardsBox(trickBox, own.trick, state.trick, "trick", own.lead);
    cardsBox(handBox, own.hand, state.hand, "hand", own.no_hand, state.marks);
  }

  /** Try the position that `changes` (a function of the present state) gives: kept if the engine
   *  takes it, else refused and left as it was. One change at a time, in the order tapped. */
  function change(changes) {
    queue = queue.then(() => attempt(changes(state)));
  }

  async function attempt(changes) {
    let shown;
    try {
      shown = await verdicts({ ...state, ...changes });
    } catch (error) {
      result.replaceChildren(refusalNode(error, words));
      return;
    }
    Object.assign(state, changes, { marks: shown.marks });
    draw();
    result.replaceChildren(shown);
  }

  async function verdicts(position) {
    if (position.trump === undefined) return element("p", "ba-may__hint", own.hint_trump);
    const options = keywords({ trump_played: position.broken, bid_board: position.board });
    if (!position.hand.length) {
      if (position.trick.length) await engine.call("trick_winner", position.trick, position.trump);
      return element("p", "ba-may__hint", own.hint_hand);
    }
    const answers = await Promise.all(position.hand.map((card) =>
      engine.call("check_play", card, position.hand, position.trick, position.trump, options)));
    const list = element("ul", "ba-may__verdicts");
    position.hand.forEach((card, i) => list.append(verdict(card, answers[i])));
    list.marks = new Map(position.hand.map((card, i) => [card, answers[i]]));
    return list;
  }

  function verdict(card, reason) {
    const item = element("li", "ba-may__verdict " + (reason ? "ba-may__verdict--no" : "ba-may__verdict--yes"));
    item.dataset.card = card;
    const head = element("p", "ba-may__said");
    head.append(cardNode(card, words), " ", element("strong", "", reason ? own.not_playable : own.playable));
    item.append(head);
    if (reason) {
      item.append(cite(element("p", "ba-may__why"), reason, words));
    }
    return item;
  }

  /** The keys of the chosen suit's cards, and the jokers: drawn again only when the suit changes,
   *  so the key just pressed keeps the focus. */
  function drawRanks() {
    rankRow.replaceChildren(...[...RANKS.map((r) => r + state.suit), ...JOKERS].map((card) => {
      const node = button("", () => add(card), "md-button ba-may__card");
      node.append(cardNode(card, words));
      node.setAttribute("aria-label", spoken(card, words));
      return node;
    }));
  }

  draw();
  drawRanks();
  result.replaceChildren(element("p", "ba-may__hint", own.hint_trump));
}
