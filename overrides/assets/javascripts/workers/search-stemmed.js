// Material's search worker with every query word stemmed like the index (the search plugin's
// pipeline includes the stemmer). Material turns each word into a prefix query, which lunr
// never stems, so "взяткой" would not find "взятки"; stemmed first, it does. The Material
// worker's file name comes in ?worker=, from hooks/per_language.py. With several languages
// (Russian and English), lunr's index applies their stemmers in turn; so does the query.
//
// Material's worker (and, through it, lunr and the language's stemmer) is loaded with the
// first message, the index, which overrides/main.html holds back until the reader starts a
// search: a page load costs this file only. A listener added while a message is dispatched
// does not receive it, so that first message is dispatched again once the worker is loaded.
let languages = ["en"];
let loaded = false;

addEventListener("message", event => {
  const message = event.data;
  if (message.type === 0) {
    languages = message.data.config.lang;
    if (!loaded) {
      loaded = true;
      importScripts(new URL(self.location).searchParams.get("worker"));
      event.stopImmediatePropagation();
      dispatchEvent(new MessageEvent("message", { data: message }));
    }
  } else if (message.type === 2) {
    message.data = stemWords(message.data);
  }
});

function stemWords(query) {
  const stemmers = languages.map(lang => lang === "en" ? lunr.stemmer : (lunr[lang] || {}).stemmer).filter(Boolean);
  if (!stemmers.length) {
    return query;
  }
  return query.replace(/[\p{L}\p{N}]+/gu, word =>
    stemmers.reduce((stem, stemmer) => stemmer(new lunr.Token(stem)).toString(), word.toLowerCase()));
}
