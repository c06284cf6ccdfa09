// Material's search worker with every query word stemmed like the index (the search plugin's
// pipeline includes the stemmer). Material turns each word into a prefix query, which lunr
// never stems, so "взяткой" would not find "взятки"; stemmed first, it does. The Material
// worker's file name comes in ?worker=, from hooks/per_language.py.
let language = "en";

addEventListener("message", event => {
  const message = event.data;
  if (message.type === 0) {
    language = message.data.config.lang[0];
  } else if (message.type === 2) {
    message.data = stemWords(message.data);
  }
});

importScripts(new URL(self.location).searchParams.get("worker"));

function stemWords(query) {
  const stemmer = language === "en" ? lunr.stemmer : (lunr[language] || {}).stemmer;
  if (!stemmer) {
    return query;
  }
  return query.replace(/[\p{L}\p{N}]+/gu, word => stemmer(new lunr.Token(word.toLowerCase())).toString());
}
