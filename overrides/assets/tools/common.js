// What every tool draws with, from the words of its page (the box's JSON data block,
// backalley_site/tools.py): numbers in the page's format, counted nouns in the language's plural
// forms, cards, seats and sides by the site's names, a refusal with its rule's link. No rule here:
// legality, scores and refusals come from the engine.

const MINUS = "\u2212";
const NBSP = "\u00a0";
const SUITS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const SITE_ROOT = new URL("../../", import.meta.url);

/** A new `tag` element with a class and a text (set as text, never as markup). */
export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** `text` with each {name} replaced by fields[name]. */
export function fill(text, fields) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in fields ? String(fields[name]) : whole));
}

function locale(words) {
  return words.locale.replace("_", "-");
}

/** A number as the page writes it: the language's grouping and decimal sign (up to three
 *  decimals, as Babel writes them on the pages) and a true minus sign. */
export function number(value, words) {
  const text = new Intl.NumberFormat(locale(words), { maximumFractionDigits: 3 }).format(Math.abs(value));
  return value < 0 ? MINUS + text : text;
}

/** `value` and the form of `noun` ([plural] of the term files) its CLDR plural category takes, a
 *  decimal's too (French: "1,4 pli", "2,5 plis"). */
export function count(value, noun, words) {
  const forms = words.plural[noun];
  const category = new Intl.PluralRules(locale(words)).select(value);
  return number(value, words) + NBSP + (forms[category] ?? forms.other);
}

/** A card ("KH", "BIG") as the page prints it: rank letter then suit symbol. */
export function cardText(card, words) {
  if (card in words.jokers) return words.jokers[card];
  const rank = card.slice(0, -1);
  return (words.ranks[rank] ?? rank) + SUITS[card.slice(-1)];
}

/** The card in a span coloured as the page's cards are. */
export function cardNode(card, words) {
  const span = document.createElement("span");
  span.className = "ba-card" + ("HD".includes(card.slice(-1)) && !(card in words.jokers) ? " ba-red" : "");
  span.textContent = cardText(card, words);
  return span;
}

/** A button with its text that calls ``onClick``. */
export function button(text, onClick, className = "md-button") {
  const node = element("button", className, text);
  node.type = "button";
  node.addEventListener("click", onClick);
  return node;
}

/** A group of controls, named for screen readers by ``label``. */
export function group(label, className) {
  const node = element("div", className);
  node.setAttribute("role", "group");
  node.setAttribute("aria-label", label);
  return node;
}

/** A card as a screen reader says it: "king of hearts", "the BIG joker". */
export function spoken(card, words, form = "") {
  const forms = (form && words.spoken_forms[form]) || {}; // "def": with the article, "acc": the accusative…
  if (card in words.jokers) return forms[card] ?? words.spoken[card];
  const rank = card.slice(0, -1);
  const suit = card.slice(-1);
  return fill(forms.card ?? words.spoken.card, { rank: forms[rank] ?? words.spoken[rank], suit: forms[suit] ?? words.spoken[suit] });
}

/** `text` with its {card} or {card:form} filled with the card's name in that form (as the term
 *  files' Python formatting does), and its other fields. */
export function fillCard(text, card, fields, words) {
  const [, form = ""] = /\{card(?::(\w+))?\}/.exec(text) ?? [];
  return fill(text.replace(/\{card:\w+\}/, "{card}"), { ...fields, card: spoken(card, words, form) });
}

export const seat = (code, words) => words.seats[code];
export const side = (code, words) => words.sides[code];

/** A refusal (a rejected call) as a paragraph: the engine's message, as text, and its rule's link. */
export function refusalNode(error, words) {
  const said = element("p", "ba-tool__refusal");
  said.setAttribute("role", "alert");
  if (error.kind === "internal" || !error.message) {
    said.textContent = fill(words.tools.internal, { detail: error.message || String(error) });
    return said;
  }
  cite(said, error, words);
  return said;
}

/** Append `reason` (a refusal, or a Reason the engine answered) to `node`: its sentence, and the
 *  citation of its rule as the link to the rule ("… (règle 3.12)"); a link "Rule 3.12" after the
 *  message where the engine gave no citation apart. */
export function cite(node, reason, words) {
  const href = reason.href ?? (reason.address ? new URL(reason.address, SITE_ROOT).href : null);
  if (!href || !reason.number) {
    node.append(reason.message);
    return node;
  }
  const link = document.createElement("a");
  link.href = href;
  if (reason.citation) {
    const text = reason.citation.trimStart();
    node.append(reason.sentence, reason.citation.slice(0, reason.citation.length - text.length), link);
    link.textContent = text;
  } else {
    node.append(reason.message + " ", link);
    link.textContent = fill(words.tools.rule, { number: reason.number });
  }
  return node;
}

/** `text` as nodes to append, each {name} replaced by fields[name] (a node or text). */
export function fillNodes(text, fields) {
  return text.split(/(\{\w+\})/).filter(Boolean).map((part) => fields[part.slice(1, -1)] ?? part);
}

/** "label: value", as the page's language writes it (a no-break space before the colon in French);
 *  text, or nodes where label and value are nodes. */
export function labelled(label, value, words) {
  return typeof label === "string" && typeof value === "string"
    ? fill(words.tools.labelled, { label, value })
    : fillNodes(words.tools.labelled, { label, value });
}
